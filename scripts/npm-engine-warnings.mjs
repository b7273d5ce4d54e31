// npm, run on a machine's older Node before the install brings Node 22 in, warns once per package
// that asks for a newer Node (EBADENGINE: five lines each, about 60 in all). The warnings are
// expected there, and the scripts run on the Node the install brings, so ensure-install shows one
// line for them all instead; every other line of npm's passes as it is.

const engineLine = /^npm warn EBADENGINE\b/;
const packageLine = /^npm warn EBADENGINE\s+package: '([^']+)'/;

/** A filter for npm's stderr lines: `keep(line)` is false for EBADENGINE lines, whose packages it counts. */
export const engineWarningFilter = () => {
  const packages = [];
  return {
    packages,
    keep(line) {
      const named = packageLine.exec(line);
      if (named) packages.push(named[1]);
      return !engineLine.test(line);
    },
  };
};

/** The one line that stands for the warnings left out; null when there were none. */
export const engineWarningSummary = (packages, installNode, scriptNode) =>
  packages.length === 0
    ? null
    : `npm ran on Node ${installNode}, which ${packages.length} package(s) find too old (npm's EBADENGINE warnings, not shown); ` +
      `the project's scripts run on Node ${scriptNode ?? 'that is on PATH'}.`;
