// What the preflight checks, as pure functions of what it read (tested in test/unit/preflight.test.ts).

/** The problem with Node `version` (process.versions.node) for the local stack, or null. */
export const nodeProblem = (version, platform, arch) => {
  const [major, minor] = version.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 5)) return null;
  return (
    `Node ${version} runs here, and Wattle needs Node 22.5 or newer (the SQS emulator uses node:sqlite). ` +
    `The project brings Node 22 from npm on linux x64 and arm64, macOS x64 and Windows x64; this is ${platform}-${arch}. ` +
    'Install Node 22 (nvm install 22, or https://nodejs.org) and run the command again.'
  );
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
