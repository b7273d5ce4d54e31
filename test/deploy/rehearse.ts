/**
 * npm run test:deploy: a rehearsed deployment. The stack, synthesized and bundled as for AWS, is
 * deployed into one moto server with `cdk bootstrap` and `cdk deploy`; each function's deployed
 * code then runs in a Node process of its own with its deployed environment and its own role's
 * credentials, moto enforcing IAM as AWS does (scripts/moto/launch.py), for one request per route
 * and one run of each function that is not behind a route; the deployment's migration step runs on
 * jobs the release before wrote. Then one grant is taken away and the function that uses it must be
 * refused. Prints a summary; exits 1 on any failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FunctionName, functionNames } from '@wattle/routes';
import { exerciseBackgroundFunctions } from './background.ts';
import { createAdministrator, type RehearsalContext } from './context.ts';
import { deployToMoto } from './deploy.ts';
import { readDeployedStack } from './deployed.ts';
import { type FunctionProcess, startFunctionProcess } from './function-process.ts';
import { startRehearsalGateway } from './gateway.ts';
import { rehearseMigrations } from './migrations.ts';
import { type Moto, motoMissing, startMoto } from './moto.ts';
import {
  checkSecretReads,
  configureAdyen,
  configurePayPal,
  exerciseProcessorNotifications,
} from './processor-notifications.ts';
import { provesRefusal } from './refusal.ts';
import { exerciseLaterRoutes, exerciseRoutes, routeCoverage } from './routes.ts';
import { checkCancelledTransaction, checkTransactionTokens } from './transaction-tokens.ts';

const missing = motoMissing();
if (missing) {
  console.log(`test:deploy skipped: ${missing} (the rehearsal needs moto 5 on python3).`);
  process.exit(0);
}

const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
const failures: string[] = [];
const lines: string[] = [];
const report = (ok: boolean, text: string) => {
  const line = `${ok ? 'ok    ' : 'FAILED'} ${text}`;
  lines.push(line);
  console.log(line);
  if (!ok) failures.push(text);
};

const workDir = mkdtempSync(join(tmpdir(), 'wattle-rehearsal-'));
let moto: Moto | undefined;
const processes: Partial<Record<FunctionName, FunctionProcess>> = {};
let closeGateway: (() => Promise<void>) | undefined;
let closeAdyen: (() => Promise<void>) | undefined;
let closePayPal: (() => Promise<void>) | undefined;

try {
  moto = await startMoto();
  const { changes, processorSecretArns } = await deployToMoto(moto.endpoint, join(workDir, 'cdk.out'));
  report(true, `deployed with cdk bootstrap and cdk deploy into moto (${seconds()})`);
  for (const change of changes) console.log(`       stand-in: ${change}`);

  const stack = await readDeployedStack(moto.endpoint, workDir);
  const administrator = await createAdministrator(moto.endpoint);
  await Promise.all(
    functionNames.map(async (fn) => {
      processes[fn] = await startFunctionProcess(stack.functions[fn], moto!.endpoint);
    }),
  );
  const all = processes as Record<FunctionName, FunctionProcess>;
  const gateway = await startRehearsalGateway(all);
  closeGateway = gateway.close;
  const context: RehearsalContext = { moto, stack, processes: all, gateway, administrator, report };
  await moto.enforceIam();
  report(
    true,
    `${functionNames.length} functions started from their deployed code, each with its own role; IAM enforced (${seconds()})`,
  );
  await checkTransactionTokens(context);
  await checkCancelledTransaction(context);
  await rehearseMigrations(context);

  const adyen = await configureAdyen(context, processorSecretArns.adyen);
  closeAdyen = adyen.close;
  const paypal = await configurePayPal(context, processorSecretArns.paypal);
  closePayPal = paypal.close;
  const walk = await exerciseRoutes(context);
  await exerciseBackgroundFunctions(context, walk);
  await exerciseLaterRoutes(context, walk);
  await exerciseProcessorNotifications(context, adyen, paypal);
  for (const line of routeCoverage(gateway.invocations)) report(line.ok, line.text);
  const unexpected = moto.denials.slice();
  report(
    unexpected.length === 0,
    unexpected.length === 0
      ? 'no request of any function was refused'
      : `refused: ${unexpected.map((d) => `${d.principal} ${d.action} on ${d.resource}`).join('; ')}`,
  );
  await provesRefusal(context, walk);
  await checkSecretReads(context, processorSecretArns);
} catch (error) {
  report(false, `the rehearsal stopped: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await closeGateway?.();
  await closeAdyen?.();
  await closePayPal?.();
  if (failures.length > 0) {
    console.log(`\n--- moto's last lines ---\n${moto?.output().slice(-3000)}`);
    for (const fn of Object.values(processes)) {
      const output = fn.output().trim();
      if (output) console.log(`\n--- ${fn.fn.fn} logged ---\n${output.slice(-4000)}`);
    }
  }
  await Promise.all(Object.values(processes).map((fn) => fn.stop()));
  await moto?.stop();
  rmSync(workDir, { recursive: true, force: true });
}

console.log(
  failures.length === 0
    ? `\ntest:deploy passed: ${lines.length} checks in ${seconds()}`
    : `\ntest:deploy FAILED: ${failures.length} of ${lines.length} checks (${seconds()})\n${failures.map((f) => `  - ${f}`).join('\n')}`,
);
process.exit(failures.length === 0 ? 0 : 1);
