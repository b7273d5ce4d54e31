import { type FunctionName, functionNames } from '@wattle/routes';
import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionAccess } from '../../infra/constructs/access.ts';
import type { WattleStack } from '../../infra/stack.ts';
import { defaultStack, type SynthesizedStack, synthStack } from '../helpers/default-stack.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { type TemplateStatement, templateStatements } from '../helpers/template-statements.ts';

type Statement = TemplateStatement;

const actionsOf = (statement: Statement): string[] =>
  Array.isArray(statement.Action) ? statement.Action : [statement.Action];

/** The statements of the policies on `fn`'s role, and the variables of its environment. */
const functionOf = (stack: WattleStack, template: Template, fn: FunctionName) => {
  const lambdaId = stack.resolve((stack.functions[fn].node.defaultChild as CfnElement).logicalId) as string;
  const lambda = template.findResources('AWS::Lambda::Function')[lambdaId]!;
  const roleId = lambda.Properties.Role['Fn::GetAtt'][0] as string;
  const statements = Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
  return { statements, variables: lambda.Properties.Environment.Variables as Record<string, unknown> };
};

/** Every statement of the template naming a Secrets Manager action, wherever it is. */
const secretStatements = (template: Template): Statement[] =>
  templateStatements(template).filter((statement) =>
    actionsOf(statement).some((action) => action.startsWith('secretsmanager:')),
  );

const processorFunctions = functionNames.filter((fn) => functionAccess[fn].processor);

/** The accounts a function's WATTLE_PROCESSOR_ACCOUNTS declares (a JSON text with the secrets' ARNs in it). */
const accountsOf = (variables: Record<string, unknown>) => {
  const joined = variables.WATTLE_PROCESSOR_ACCOUNTS as { 'Fn::Join': [string, unknown[]] };
  // CloudFormation joins the text around each secret's Ref (inside its quotes): each read back as its Ref.
  const refs: unknown[] = [];
  const text = joined['Fn::Join'][1]
    .map((part) => (typeof part === 'string' ? part : `@@${refs.push(part) - 1}`))
    .join('');
  return JSON.parse(text, (_key, value) =>
    typeof value === 'string' && value.startsWith('@@') ? refs[Number(value.slice(2))] : value,
  ) as unknown;
};

let simulator: SynthesizedStack;
let adyen: SynthesizedStack;
let two: SynthesizedStack;

// Three stacks (the default one perhaps synthesized already by another file): up to three times
// the other infra files' wait for one.
beforeAll(() => {
  simulator = defaultStack();
  adyen = synthStack({ liveProcessor: 'adyen' });
  two = synthStack({
    processorAccounts: JSON.stringify({
      'adyen-au': { connector: 'adyen' },
      'adyen-nz': { connector: 'adyen' },
    }),
    liveProcessor: 'adyen-nz',
  });
}, hangNet(180_000));

describe('the live processor in AWS', () => {
  it('is the simulator by default: no secret, no grant, no processor setting on any function', () => {
    const { stack, template } = simulator;
    template.resourceCountIs('AWS::SecretsManager::Secret', 0);
    expect(secretStatements(template)).toEqual([]);
    expect(stack.accountSecrets).toEqual([]);
    for (const fn of functionNames) {
      const { variables } = functionOf(stack, template, fn);
      expect(variables.WATTLE_LIVE_PROCESSOR, fn).toBeUndefined();
      expect(variables.WATTLE_PROCESSOR_ACCOUNTS, fn).toBeUndefined();
    }
  });

  it('with -c liveProcessor=adyen, keeps the account adyen in one secret (its id as before accounts) only the processor functions may read', () => {
    const { stack, template } = adyen;
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    const [secretId] = Object.keys(template.findResources('AWS::SecretsManager::Secret'));
    expect(secretId).toMatch(/^ProcessorSecret[0-9A-F]{8}$/);
    const secretArn = { Ref: secretId };
    // Kept when the stack goes: it holds live keys.
    template.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain' });
    template.hasOutput('ProcessorSecretArn', { Value: secretArn });

    // The registry lists the functions by their folders' names.
    expect(processorFunctions).toEqual([
      'authorisations',
      'charges',
      'plans',
      'processor-notifications',
      'scheduler',
      'subscriptions',
    ]);
    for (const fn of functionNames) {
      const { statements, variables } = functionOf(stack, template, fn);
      const reads = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
      if (functionAccess[fn].processor) {
        expect(reads, fn).toEqual([
          expect.objectContaining({ Action: 'secretsmanager:GetSecretValue', Resource: secretArn }),
        ]);
        expect(variables.WATTLE_LIVE_PROCESSOR, fn).toBe('adyen');
        expect(accountsOf(variables), fn).toEqual({
          adyen: { connector: 'adyen', secret: secretArn },
        });
      } else {
        expect(reads, fn).toEqual([]);
        expect(variables.WATTLE_LIVE_PROCESSOR, fn).toBeUndefined();
        expect(variables.WATTLE_PROCESSOR_ACCOUNTS, fn).toBeUndefined();
      }
    }
    // No other statement of the template (a resource policy, another role) touches a secret.
    expect(secretStatements(template)).toHaveLength(processorFunctions.length);
  });

  it('with two accounts, keeps each in a secret of its own, both readable by the processor functions alone', () => {
    const { stack, template } = two;
    template.resourceCountIs('AWS::SecretsManager::Secret', 2);
    const arnOf = (name: string) => ({
      Ref: stack.resolve(
        (
          stack.accountSecrets.find((account) => account.name === name)!.secret.node
            .defaultChild as CfnElement
        ).logicalId,
      ) as string,
    });
    template.hasOutput('ProcessorSecretArnAdyenAu', { Value: arnOf('adyen-au') });
    template.hasOutput('ProcessorSecretArnAdyenNz', { Value: arnOf('adyen-nz') });
    for (const fn of functionNames) {
      const { statements, variables } = functionOf(stack, template, fn);
      const reads = statements.filter((s) => actionsOf(s).some((a) => a.startsWith('secretsmanager:')));
      if (functionAccess[fn].processor) {
        expect(reads, fn).toEqual([
          expect.objectContaining({
            Action: 'secretsmanager:GetSecretValue',
            Resource: [arnOf('adyen-au'), arnOf('adyen-nz')],
          }),
        ]);
        expect(variables.WATTLE_LIVE_PROCESSOR, fn).toBe('adyen-nz');
        expect(accountsOf(variables), fn).toEqual({
          'adyen-au': { connector: 'adyen', secret: arnOf('adyen-au') },
          'adyen-nz': { connector: 'adyen', secret: arnOf('adyen-nz') },
        });
      } else expect(reads, fn).toEqual([]);
    }
    expect(secretStatements(template)).toHaveLength(processorFunctions.length);
  });

  it(
    "with an Adyen and a PayPal account each named as its connector, keeps one secret each: Adyen's under the id it had before accounts, whichever account is the default",
    () => {
      for (const live of ['adyen', 'paypal']) {
        const both = synthStack({
          processorAccounts: { adyen: { connector: 'adyen' }, paypal: { connector: 'paypal' } },
          liveProcessor: live,
        });
        both.template.resourceCountIs('AWS::SecretsManager::Secret', 2);
        expect(both.stack.accountSecrets.map((account) => [account.name, account.secret.node.id])).toEqual([
          ['adyen', 'ProcessorSecret'],
          ['paypal', 'ProcessorSecretPaypal'],
        ]);
      }
    },
    hangNet(120_000),
  );

  it('takes the notifications without a Pin key, by routes to their function alone', () => {
    const { template } = adyen;
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).filter((resource) =>
      ['POST /processors/{account}/notifications', 'POST /{account}/notifications'].includes(
        resource.Properties.RouteKey,
      ),
    );
    expect(routes).toHaveLength(2);
    for (const route of routes) expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    // It reads and writes the records a notification changes (payments, refunds, disputes), in
    // transactions, and never opens a card number.
    expect(functionAccess['processor-notifications']).toEqual({
      table: expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']),
      cardKey: false,
      processor: true,
    });
  });

  it("passes cdk-nag's AwsSolutions with the secret (its rotation is Adyen's, acknowledged on it)", () => {
    const { violations } = new AwsSolutionsChecks(adyen.stack.node.root).validateScope(adyen.stack);
    expect(
      violations
        .filter((v) => v.severity === 'error' || v.severity === 'warning')
        .flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`)),
    ).toEqual([]);
  });

  it('refuses an account or a connector it does not know at synth', () => {
    expect(() => synthStack({ liveProcessor: 'stripe' })).toThrow(
      '-c liveProcessor must be simulator or a processor account (adyen, paypal), not "stripe"',
    );
    expect(() => synthStack({ processorAccounts: { 'stripe-us': { connector: 'stripe' } } })).toThrow(
      'the account stripe-us must name its connector, one of adyen, paypal',
    );
  });
});
