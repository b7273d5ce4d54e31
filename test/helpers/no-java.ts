import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * A PATH for a machine that has Node and nothing of the DynamoDB engine's: a new directory of links
 * to `programs`, each the first on this PATH outside a node_modules (the machine's own, not the
 * project's Node 22), and no `java`. Returns the directory, which the caller removes.
 */
export const pathWithoutJava = (programs: string[]): string => {
  const bin = mkdtempSync(join(tmpdir(), 'wattle-no-java-'));
  const machineDirs = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir && !dir.includes('node_modules'));
  for (const program of programs) {
    const found = machineDirs.map((dir) => join(dir, program)).find((path) => existsSync(path));
    if (!found) throw new Error(`No ${program} on PATH to link into the Java-less PATH`);
    symlinkSync(found, join(bin, program));
  }
  if (existsSync(join(bin, 'java'))) throw new Error('java was asked for in a PATH without Java');
  return bin;
};
