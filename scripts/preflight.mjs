// Runs after ensure-install, on the Node that npm scripts run (the project's own where npm brought
// one for this platform): names what is missing for the local stack and the tests, instead of
// letting them fail deep inside (`No such built-in module: node:sqlite`).
// Java is not asked for here: only DynamoDB Local needs it. Without it `npm start` runs on the
// memory engine, saying so (the start command checks the DynamoDB engine's needs itself), and the
// tests leave out what starts DynamoDB Local, naming it (test/helpers/machine-selection.ts).
import { nodeProblem } from './preflight-checks.mjs';

const problem = nodeProblem(process.versions.node, process.platform, process.arch);
if (problem !== null) {
  console.error(`Wattle cannot run here yet:\n  - ${problem}`);
  process.exit(1);
}
