import { describeBodyFuzzing } from './fuzz/fuzz-bodies.ts';

// The long run of the fuzzing that `npm test` runs briefly (test/integration/body-fuzzing.test.ts).
describeBodyFuzzing({ numRuns: Number(process.env.WATTLE_FUZZ_RUNS ?? 400), timeoutMs: 300_000 });
