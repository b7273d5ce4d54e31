import { describePathFuzzing } from './fuzz/fuzz-paths.ts';

// The long run of the fuzzing that `npm test` runs briefly (test/integration/path-fuzzing.test.ts).
describePathFuzzing({ numRuns: Number(process.env.WATTLE_FUZZ_RUNS ?? 200), timeoutMs: 300_000 });
