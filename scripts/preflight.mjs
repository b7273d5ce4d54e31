// Runs after ensure-install, on the Node that npm scripts run (the project's own where npm brought
// one for this platform): names what is missing for the local stack and the tests, instead of
// letting them fail deep inside (`No such built-in module: node:sqlite`, `spawn java ENOENT`).
import { javaProblem, javaVersionOutput } from '../packages/local/src/needs.mjs';
import { nodeProblem } from './preflight-checks.mjs';

// Before `npm start` (--start) Java is not asked for: only the DynamoDB engine needs it (the default;
// `--store memory` runs without), and the start command checks that engine's needs itself.
// The tests run DynamoDB Local whatever the engine: everything else asks for Java here.
const needsJava = !process.argv.includes('--start');
const problems = [
  nodeProblem(process.versions.node, process.platform, process.arch),
  needsJava ? javaProblem(javaVersionOutput()) : null,
].filter((problem) => problem !== null);

if (problems.length > 0) {
  console.error(`Wattle cannot run here yet:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
