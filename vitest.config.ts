import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import { hangNet } from './test/helpers/hang-net.ts';
import { LongestFirstSequencer } from './test/helpers/longest-first-sequencer.ts';
import { selectForMachine } from './test/helpers/machine-selection.ts';
import type { PrestartOptions } from './test/helpers/prestart-reporter.ts';

/**
 * The long reliability runs (fuzzing at length, load, crash loops): only `npm run test:reliability`
 * sets WATTLE_RELIABILITY, so `vitest run` (npm test) leaves them out.
 */
const reliability = process.env.WATTLE_RELIABILITY === '1';

/**
 * The npm package packed and installed into a project outside the repository (about a minute of
 * packing and installing): only `npm run test:package` sets WATTLE_PACKAGE, as CI's own step.
 */
const packageTest = process.env.WATTLE_PACKAGE === '1';

/**
 * The commands a newcomer runs and the builds, each in processes of its own (a clone of the
 * repository, `npm start` with Java hidden and its shortcuts, `vitest list` thrice, the CLI's build,
 * the webhook verifier built, packed and run in other languages, every function's Lambda bundle and
 * the Adyen connector's package bundled with esbuild, the OpenAPI document linted by Redocly and
 * written by `npm run openapi`, and the docs' shell examples run as written on a clock stack):
 * about three minutes of CPU that tests the tooling, the build and the docs rather than the
 * service, so `npm test` leaves them out and CI runs them in a step of their own (`npm run
 * test:tooling`, beside the package test, with the browser files: browserFiles below); only that
 * sets WATTLE_TOOLING.
 */
const toolingTest = process.env.WATTLE_TOOLING === '1';

/** DynamoDB Local restarted on its data under the stream pipe (two JVM starts): reliability only. */
const streamPipeRestart = 'test/integration/stream-pipe-restart.test.ts';
/** DynamoDB Local's own process (ports, a crash, a second start: JVM starts): reliability only. */
const dynamoDbLocalProcess = 'test/integration/dynamodb-local-process.test.ts';
/**
 * The live flows against Prism serving each acquirer's own definitions (a Prism process per
 * definition, validating every request): about 100 s of files' time, reliability only. `npm test`
 * keeps each connector's stateful fake (test/fakes/), which the same flows run against.
 */
const vendorPrism = ['test/integration/adyen-prism.test.ts', 'test/integration/paypal-prism.test.ts'];

/** The reliability run's load test: a project of its own that runs last, alone (below). */
const loadTest = 'test/reliability/load.test.ts';

/**
 * Two files at a time even on a 2-core machine (vitest's default there is one): a file mostly waits
 * on a stack, DynamoDB Local or a child process, so a second one fills the other core.
 */
const workers = Math.max(2, availableParallelism() - 1);
/** The clock and browser projects run two files at a time, each on one of the two clock stacks:
 * alongside the others where they run two at a time too, else as a group of their own after them. */
const clockWorkers = 2;
const clockGroup = workers === clockWorkers ? 0 : 1;

/**
 * The unit files that replace modules (vi.mock): they run isolated (project unit-mocks), as a mock
 * cannot replace a module another file already loaded, and would leak into the files after it.
 */
const unitMockingModules = globSync('test/unit/**/*.test.ts').filter((file) =>
  readFileSync(file, 'utf8').includes('vi.mock('),
);

/**
 * The integration files that run the functions in this process (the in-process API, the fuzzers):
 * the functions keep their dependencies in module state, bound to the first table they meet, so
 * these run isolated (project integration-in-process), each with a module graph of its own.
 */
const integrationInProcess = globSync('test/integration/**/*.test.ts').filter((file) =>
  /in-process-api|reliability\/fuzz\//.test(readFileSync(file, 'utf8')),
);

/** The integration project's files: the store against DynamoDB Local, and a few that take no table. */
const integrationFiles = globSync('test/integration/**/*.test.ts').filter(
  (file) =>
    !integrationInProcess.includes(file) &&
    file !== streamPipeRestart &&
    file !== dynamoDbLocalProcess &&
    !vendorPrism.includes(file),
);
/**
 * The integration files that take no table on DynamoDB Local (what they start is a fake, Prism or
 * the start command with Java hidden): by the helpers that give one, which a file names. On a
 * machine without DynamoDB Local only these run of the project (machine-selection.ts); a file that
 * takes one through a helper of another name fails there, loudly, with no table to reach.
 */
const takesNoTable = integrationFiles.filter(
  (file) => !/useTable\(|inject\('ddbEndpoint'\)|startDynamoDbLocal/.test(readFileSync(file, 'utf8')),
);

/**
 * The e2e and clock files about the DynamoDB engine itself (its emulated SQS queues, the table's
 * items and its backfill, the CLI's direct table access, DynamoDB Local's and the emulator's
 * ports, what a stack keeps on disk): the memory engine has none of them, so they run in
 * `npm run test:reliability` only, on the DynamoDB engine. Every other e2e and clock file runs on
 * both engines (onDynamoDb below).
 */
const dynamoDbEngineOnly = [
  'test/e2e/queue-consumer.test.ts',
  'test/e2e/card-owners-backfill.test.ts',
  'test/e2e/accounts-command.test.ts',
  'test/e2e/local-door.test.ts',
  // The table's stream, outbox items and emulated queues, which the memory engine does not have.
  'test/e2e/webhooks-stream.test.ts',
  'test/e2e/customer-events-table.test.ts',
  'test/clock/outbox-queue-refusal.test.ts',
  // A processor redirect planted in a payment's table item: nothing outside the memory engine's
  // process changes its records.
  'test/clock/processor-page-redirect.test.ts',
  // The card key, seed, clock, data and files a stack keeps on disk across a restart: the memory
  // engine keeps nothing after it stops (local-memory-engine.test.ts).
  'test/e2e/local-kept-data.test.ts',
  // The table's data migrations: the memory engine keeps no data to migrate.
  'test/e2e/migrate-command.test.ts',
  // The DynamoDB engine on a DynamoDB Local already running (WATTLE_DYNAMODB_ENDPOINT).
  'test/e2e/local-dynamodb-endpoint.test.ts',
];

/**
 * Which engine runs which e2e and clock file. `npm test` runs every one of them on the memory
 * engine (no JVM: the whole suite in a fraction of the CPU); on the DynamoDB engine it runs the
 * store's contract suite and the repositories' own integration tests on DynamoDB Local, which hold
 * the two engines equal.
 * `npm run test:reliability` (CI, after npm test) runs every e2e and clock file on the DynamoDB
 * engine, the engine that behaves like AWS, with the files about that engine itself
 * (dynamoDbEngineOnly): each file runs on both engines in CI. (npm test ran a sample of them on
 * DynamoDB too, charges and webhooks, which CI then ran a second time: about 40 s of CPU in a
 * suite that must stay under 150 s on two cores.)
 */
const onDynamoDb = (folder: 'e2e' | 'clock'): string[] =>
  reliability ? [`test/${folder}/**/*.test.ts`] : [];
/**
 * The answers recorded from the real Pin API, replayed and compared in shape (test/conformance/),
 * on each engine's shared e2e stack: on the memory engine in `npm test`, on the DynamoDB engine in
 * `npm run test:reliability` (every recording on each). `npm test` replayed the latest recordings
 * on DynamoDB too until decision 215, which CI then replayed again: a JVM and a stack of their own
 * (about 20 s of CPU) in a suite that must stay under 150 s.
 */
const conformanceSuite = 'test/conformance/**/*.test.ts';
/**
 * The browser files (the dashboard, the hosted pages, the API docs in Chromium): their pages are
 * the same on both engines, so they run once per CI run, in the tooling step on the memory engine
 * (on its clock stacks), and `npm test` leaves them out (Chromium and about 30 s of files' time;
 * the same pages' HTML and API are checked over HTTP by e2e/dashboard, e2e/hosted-pages and
 * e2e/api-docs in `npm test`). `npm run test:tooling` runs them, or alone:
 * `WATTLE_TOOLING=1 npx vitest run --project browser`.
 */
const browserFiles = toolingTest ? ['test/browser/**/*.test.ts'] : [];

/**
 * A test's and a hook's time limit: a net against a hang, never a speed check (those are in
 * `npm run bench`). The reliability run shares the machine with the rehearsal and the package test
 * in CI, and every file in it waits on DynamoDB Local, so its nets are wider; and every net is wider
 * again in CI, whose machine has run the suite at under half this one's speed (hangNet).
 */
const testTimeout = hangNet(reliability ? 60_000 : 20_000);
const hookTimeout = hangNet(reliability ? 120_000 : 60_000);

/** The projects whose files or setups start stacks in processes of their own (named below). */
const stackProjects: string[] = [];
/** A project's name, noted as one that starts stacks (the prestart reporter bundles them for it). */
const startsStacks = (name: string): string => {
  stackProjects.push(name);
  return name;
};

/**
 * In CI, after the usual report, each failed test's name and error again as one line on standard
 * output (vitest's github-actions reporter): the end of the output, which is what a CI page shows,
 * names what failed, though the usual report writes errors to standard error, and the reliability
 * run's output comes in one piece (run-p --aggregate-output).
 */
const reporters: NonNullable<ViteUserConfig['test']>['reporters'] = [
  ...(process.env.CI ? ['default', 'github-actions'] : ['default']),
  // Not a report: it bundles the stack for the run and starts the run's JVM and stacks side by
  // side as the run begins.
  [
    './test/helpers/prestart-reporter.ts',
    {
      stackProjects,
    } satisfies PrestartOptions,
  ],
];

/**
 * The projects, so only what needs it pays for a JVM (plus one with the reliability runs):
 * - unit: pure code, no I/O (unit-mocks: the files that mock modules, isolated);
 * - integration: the store against DynamoDB Local (a JVM, a table per file: useTable), and
 *   integration-in-process: the files that run the functions in this process, isolated;
 * - e2e-memory and e2e-dynamodb: HTTP against ONE shared local stack per engine, files side by
 *   side (the few that restart a stack, keep one on disk or keep events for a year start their
 *   own: startOwnStack); the engine of each is its WATTLE_TEST_STORE, the files of each engine are
 *   chosen above (onDynamoDb; e2e-dynamodb has files in the reliability run only);
 * - clock-memory and clock-dynamodb: the files that move the clock, two at a time, each on one of
 *   the engine's clock stacks (test/helpers/clock-stack-setup.ts) that it leases and resets first
 *   (useClockStack); clock-dynamodb has files in the reliability run only, where its stacks start;
 * - infra: CDK assertions;
 * - browser: the dashboard, the hosted pages and the API docs in headless Chromium, on the memory
 *   engine's clock stacks (started once for the projects of a run), leased likewise: in the
 *   tooling run only (browserFiles).
 * Integration and integration-in-process share one DynamoDB Local. The long files of every
 * project start first (test/helpers/longest-first-sequencer.ts).
 */
const projects = [
  {
    extends: true,
    test: {
      name: 'unit',
      include: ['test/unit/**/*.test.ts'],
      exclude: unitMockingModules,
      // Pure code: its files share one module graph, loaded once instead of once per file.
      isolate: false,
    },
  },
  // A file that replaces modules (vi.mock) needs a module graph of its own.
  { extends: true, test: { name: 'unit-mocks', include: unitMockingModules } },
  {
    extends: true,
    test: {
      name: 'integration',
      include: integrationFiles,
      // The store over a table per file: one module graph, loaded once instead of once per file.
      isolate: false,
      globalSetup: ['test/helpers/ddb-global-setup.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: 'integration-in-process',
      include: integrationInProcess,
      globalSetup: ['test/helpers/ddb-global-setup.ts'],
    },
  },
  {
    extends: true,
    test: {
      name: startsStacks('e2e-memory'),
      include: ['test/e2e/**/*.test.ts', conformanceSuite],
      exclude: dynamoDbEngineOnly,
      // HTTP clients of the stack: one module graph (the OpenAPI checker compiled once).
      isolate: false,
      // The shared stack on the memory engine, in a process of its own, its output checked for
      // card data when it stops.
      globalSetup: ['test/helpers/memory-stack-global-setup.ts'],
      // Stacks of their own (startOwnStack) log at DEBUG into their output, which is checked too.
      env: { WATTLE_LOG_LEVEL: 'SILENT', WATTLE_STACK_LOG_LEVEL: 'DEBUG', WATTLE_TEST_STORE: 'memory' },
    },
  },
  {
    extends: true,
    test: {
      name: startsStacks('e2e-dynamodb'),
      include: reliability ? [...onDynamoDb('e2e'), conformanceSuite] : [],
      isolate: false,
      // The shared stack on DynamoDB Local (test/helpers/stack-global-setup.ts) with its logs
      // captured, and after every file the card-data check of its table and logs; it and the
      // stacks of the files' own that keep nothing use the stacks' DynamoDB Local (one JVM).
      globalSetup: [
        'test/helpers/stacks-ddb-global-setup.ts',
        'test/reliability/card-leaks/e2e-leak-check-setup.ts',
      ],
      env: { WATTLE_LOG_LEVEL: 'SILENT', WATTLE_STACK_LOG_LEVEL: 'DEBUG', WATTLE_TEST_STORE: 'dynamodb' },
    },
  },
  {
    extends: true,
    test: {
      name: startsStacks('clock-memory'),
      include: ['test/clock/**/*.test.ts'],
      exclude: dynamoDbEngineOnly,
      // A stack per file running (two), each file leasing one as it moves its clock and resets it.
      maxWorkers: clockWorkers,
      isolate: false,
      sequence: { groupOrder: clockGroup },
      globalSetup: ['test/helpers/clock-stack-setup.ts'],
      env: { WATTLE_LOG_LEVEL: 'SILENT', WATTLE_TEST_STORE: 'memory' },
    },
  },
  {
    extends: true,
    test: {
      name: startsStacks('clock-dynamodb'),
      include: onDynamoDb('clock'),
      maxWorkers: clockWorkers,
      isolate: false,
      sequence: { groupOrder: clockGroup },
      globalSetup: ['test/helpers/clock-stack-setup.ts'],
      env: { WATTLE_LOG_LEVEL: 'SILENT', WATTLE_TEST_STORE: 'dynamodb' },
    },
  },
  {
    extends: true,
    test: {
      name: 'infra',
      include: ['test/infra/**/*.test.ts'],
      // Its files share one module graph: aws-cdk-lib is loaded and warmed once, not per file
      // (each file builds its own App; nothing else is kept between files).
      isolate: false,
    },
  },
  {
    extends: true,
    test: {
      name: startsStacks('browser'),
      include: browserFiles,
      // Debian's Chromium, installed when missing (scripts/ensure-browser.mjs), and the memory
      // engine's clock stacks (the tooling run's, for its docs' examples): a file at a time on each.
      globalSetup: ['test/helpers/browser-global-setup.ts', 'test/helpers/clock-stack-setup.ts'],
      maxWorkers: clockWorkers,
      isolate: false,
      sequence: { groupOrder: clockGroup },
      env: { WATTLE_LOG_LEVEL: 'SILENT', WATTLE_TEST_STORE: 'memory' },
      testTimeout: 60_000,
    },
  },
  ...(packageTest
    ? [
        {
          extends: true,
          test: {
            name: 'package',
            include: ['test/package/**/*.test.ts'],
            testTimeout: hangNet(300_000),
          },
        },
      ]
    : []),
  ...(toolingTest
    ? [
        {
          extends: true,
          test: {
            name: startsStacks('tooling'),
            include: ['test/tooling/**/*.test.ts'],
            // The webhook verifier's package checks a real webhook of the shared memory-engine
            // stack (what it packs does not depend on the engine); the docs' examples run on a
            // clock stack of their own (memory engine), which they reset and move.
            globalSetup: ['test/helpers/memory-stack-global-setup.ts', 'test/helpers/clock-stack-setup.ts'],
            env: { WATTLE_LOG_LEVEL: 'SILENT', WATTLE_STACK_LOG_LEVEL: 'DEBUG', WATTLE_TEST_STORE: 'memory' },
          },
        },
      ]
    : []),
  ...(reliability
    ? [
        {
          extends: true,
          test: {
            name: startsStacks('reliability'),
            include: [
              'test/reliability/**/*.test.ts',
              // The crash and fault loops whole, at every write and call (npm test runs a sample).
              'test/integration/billing-crash-at-each-write.test.ts',
              'test/integration/dynamodb-faults.test.ts',
              // DynamoDB Local stopped and started on its data: what the engine keeps on disk, and
              // its process started, crashed and started again.
              streamPipeRestart,
              dynamoDbLocalProcess,
              ...vendorPrism,
            ],
            exclude: [loadTest],
            // The integration tests' DynamoDB Local (the fault and crash loops), and the stacks'
            // (the card-data check's planted runs' shared stacks).
            globalSetup: ['test/helpers/ddb-global-setup.ts', 'test/helpers/stacks-ddb-global-setup.ts'],
            // Two at a time with the DynamoDB engine's e2e and clock files: the crash test
            // mostly waits (a killed stack's messages come back after 60 s), the fuzzers keep
            // one core each.
            env: { WATTLE_LOG_LEVEL: 'SILENT', WATTLE_STACK_LOG_LEVEL: 'INFO' },
            testTimeout: 300_000,
          },
        },
        {
          extends: true,
          test: {
            name: startsStacks('load'),
            include: [loadTest],
            // Last and alone: 200 clients saturate the machine on purpose, and nothing else
            // may slow the stack they measure.
            sequence: { groupOrder: clockGroup + 1 },
            // The load test's own stack logs every request into its output, checked for card data;
            // it runs on the stacks' DynamoDB Local (no JVM of its own).
            globalSetup: ['test/helpers/stacks-ddb-global-setup.ts'],
            env: { WATTLE_LOG_LEVEL: 'SILENT', WATTLE_STACK_LOG_LEVEL: 'INFO' },
            testTimeout: 300_000,
          },
        },
      ]
    : []),
] satisfies TestProjectInlineConfiguration[];

/**
 * What this machine runs of them (test/helpers/machine-selection.ts): everything where the DynamoDB
 * engine can run, and names the engine of each project; elsewhere what does not start DynamoDB
 * Local, naming what it leaves out and why (never in CI).
 */
const machine = selectForMachine(projects, {
  stackProjects,
  ownDynamoDbEngine: { package: 'its project on Node 22 runs its suite on the DynamoDB engine' },
  partly: {
    integration: {
      without: takesNoTable,
      others: integrationFiles.filter((file) => !takesNoTable.includes(file)),
      take: 'take a table on DynamoDB Local',
    },
  },
});
console.log(machine.lines.join('\n'));

export default defineConfig({
  test: {
    maxWorkers: workers,
    // The main process hosts the shared DynamoDB stack in Lambda's multi-concurrency mode
    // (invocation-store.ts); the forks run functions in process as Lambda does, one at a time.
    env: { AWS_LAMBDA_MAX_CONCURRENCY: '' },
    testTimeout,
    hookTimeout,
    reporters,
    teardownTimeout: 30_000,
    passWithNoTests: true,
    sequence: { sequencer: LongestFirstSequencer },
    projects: machine.projects,
  },
});
