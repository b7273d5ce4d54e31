// Runs after ensure-install, on the Node that npm scripts run (the project's own where npm brought
// one for this platform): names what is missing for the local stack and the tests, instead of
// letting them fail deep inside (`No such built-in module: node:sqlite`, `spawn java ENOENT`).
import { spawnSync } from 'node:child_process';
import { javaProblem, nodeProblem } from './preflight-checks.mjs';

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
const problems = [
  nodeProblem(process.versions.node, process.platform, process.arch),
  javaProblem(java.error ? null : `${java.stderr ?? ''}${java.stdout ?? ''}`),
].filter((problem) => problem !== null);

if (problems.length > 0) {
  console.error(`Wattle cannot run here yet:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
