// What the preflight says about this repository's Node, as a pure function of what it read (tested
// in test/unit/preflight.test.ts). The DynamoDB engine's own needs are packages/local's (needs.mjs).
import { sqliteProblem } from '../packages/local/src/needs.mjs';

/** The problem with Node `version` (process.versions.node) for the local stack and the tests, or null. */
export const nodeProblem = (version, platform, arch) => {
  const problem = sqliteProblem(version, 'Wattle');
  return (
    problem &&
    `${problem}. The project brings Node 22 from npm on linux x64 and arm64, macOS x64 and Windows x64; this is ${platform}-${arch}. ` +
      'Install Node 22 (nvm install 22, or https://nodejs.org) and run the command again.'
  );
};
