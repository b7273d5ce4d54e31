import { describeBodyFuzzing } from '../reliability/fuzz/fuzz-bodies.ts';

// A short run in every `npm test`; test/reliability/body-fuzzing-long.test.ts runs many more.
describeBodyFuzzing({ numRuns: 25, timeoutMs: 30_000 });
