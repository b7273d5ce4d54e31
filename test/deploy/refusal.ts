import {
  GetRolePolicyCommand,
  IAMClient,
  ListRolePoliciesCommand,
  PutRolePolicyCommand,
} from '@aws-sdk/client-iam';
import type { FunctionName } from '@wattle/routes';
import { cardFields } from '../helpers/fixtures.ts';
import { type ApiResponse, api } from '../helpers/stack.ts';
import type { RehearsalContext } from './context.ts';
import { startFunctionProcess } from './function-process.ts';

interface Statement {
  Effect: string;
  Action: string | string[];
  [key: string]: unknown;
}

/** A grant to take away, and a request of the function that needs it. */
interface Proof {
  fn: FunctionName;
  action: string;
  /** Whether the call happens only in a fresh container (a data key kept for the container's life). */
  coldStart?: boolean;
  request(shop: ReturnType<typeof api>, made: Record<string, string>): Promise<ApiResponse>;
}

/**
 * The card key's data keys (KMS, on the key's ARN), and a transaction's Put item (authorised
 * item by item, on the table's ARN, as AWS does and moto alone does not).
 */
const proofs: Proof[] = [
  {
    fn: 'cards',
    action: 'kms:GenerateDataKey',
    coldStart: true,
    request: (shop) => shop.post('/1/cards', cardFields()),
  },
  {
    fn: 'refunds',
    action: 'dynamodb:PutItem',
    request: (shop, made) => shop.post(`/1/charges/${made.charge}/refunds`, { amount: 100 }),
  },
];

const withoutAction = (document: { Statement: Statement[] }, action: string) => ({
  ...document,
  Statement: document.Statement.map((statement) => {
    const actions = [statement.Action].flat();
    return actions.includes(action)
      ? { ...statement, Action: actions.filter((a) => a !== action) }
      : statement;
  }).filter((statement) => [statement.Action].flat().length > 0),
});

/**
 * Proves the rehearsal can fail: for each proof, the action is taken out of the function's
 * deployed role (iam:PutRolePolicy), its request must be refused by moto and answered with a
 * 5xx, and the refusal must name that function's role and that action; the policy is then put
 * back and the same request must succeed again.
 */
export const provesRefusal = async (
  context: RehearsalContext,
  made: Record<string, string>,
): Promise<void> => {
  const iam = new IAMClient(context.administrator.clientConfig);
  const shop = api(context.gateway.baseUrl, made.key!);
  for (const proof of proofs) {
    const { roleName } = context.stack.functions[proof.fn];
    const names = (await iam.send(new ListRolePoliciesCommand({ RoleName: roleName }))).PolicyNames ?? [];
    const policies = await Promise.all(
      names.map(async (PolicyName) => {
        const { PolicyDocument } = await iam.send(
          new GetRolePolicyCommand({ RoleName: roleName, PolicyName }),
        );
        return {
          PolicyName,
          document: JSON.parse(decodeURIComponent(PolicyDocument!)) as { Statement: Statement[] },
        };
      }),
    );
    const granting = policies.filter(({ document }) =>
      document.Statement.some((s) => s.Effect === 'Allow' && [s.Action].flat().includes(proof.action)),
    );
    const put = (PolicyName: string, document: unknown) =>
      iam.send(
        new PutRolePolicyCommand({
          RoleName: roleName,
          PolicyName,
          PolicyDocument: JSON.stringify(document),
        }),
      );
    for (const { PolicyName, document } of granting)
      await put(PolicyName, withoutAction(document, proof.action));
    if (proof.coldStart) {
      await context.processes[proof.fn].stop();
      context.processes[proof.fn] = await startFunctionProcess(
        context.stack.functions[proof.fn],
        context.moto.endpoint,
      );
    }
    const before = context.moto.denials.length;
    const refused = await proof.request(shop, made);
    const denials = context.moto.denials.slice(before);
    for (const { PolicyName, document } of granting) await put(PolicyName, document);
    const again = await proof.request(shop, made);

    const named = denials.filter((d) => d.principal.includes(`/${roleName}/`) && d.action === proof.action);
    const ok = granting.length > 0 && refused.status >= 500 && named.length > 0 && again.status < 400;
    context.report(
      ok,
      `refusal: without ${proof.action} the ${proof.fn} function's request answered ${refused.status}; moto refused ${
        denials.map((d) => `${d.action} on ${d.resource} to ${d.principal.split('/')[1]}`).join(', ') ||
        'nothing'
      }; with the grant back it answered ${again.status}`,
    );
  }
};
