import { describePathFuzzing } from '../reliability/fuzz/fuzz-paths.ts';

// A short run in every `npm test`; test/reliability/path-fuzzing-long.test.ts runs many more.
describePathFuzzing({ numRuns: 10, timeoutMs: 60_000 });
