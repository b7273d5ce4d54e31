import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Pin's wire format is written once, in @wattle/wire's schemas, and everything that writes or reads
 * a field is typed by them: renaming a field in a schema must fail to compile wherever the field
 * is written (each presenter). The test type-checks a copy of packages/wire/src with one field
 * renamed, under the repository's own compiler settings, and reads which files fail.
 */
const root = join(import.meta.dirname, '../..');
const wire = join(root, 'packages/wire/src');
/** Inside the repository, so the copy resolves @wattle/domain and valibot as the package does. */
const scratch = join(root, 'node_modules/.cache', `wire-types-${process.pid}`);
const tsc = join(root, 'node_modules/.bin/tsc');
const run = promisify(execFile);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The files (relative to src/) tsc reports an error in, each with its messages, once `edit` changed objects.ts. */
const typeCheck = async (name: string, edit: (objects: string) => string) => {
  const dir = join(scratch, name);
  cpSync(wire, join(dir, 'src'), { recursive: true });
  const objects = join(dir, 'src/objects.ts');
  writeFileSync(objects, edit(readFileSync(objects, 'utf8')));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: join(root, 'tsconfig.json'), include: ['src'], exclude: [] }),
  );
  const output = await run(tsc, ['-p', dir, '--pretty', 'false']).then(
    ({ stdout }) => stdout,
    (failed: { stdout: string }) => failed.stdout,
  );
  const errors = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const match = /src\/([^(]+)\(\d+,\d+\): error TS\d+: (.*)$/.exec(line);
    if (match) errors.set(match[1]!, [...(errors.get(match[1]!) ?? []), match[2]!]);
  }
  return errors;
};

/** Renames `field` inside the schema `object`'s definition only. */
const renameIn =
  (object: string, field: string, to: string) =>
  (text: string): string => {
    const start = text.indexOf(`export const ${object} = `);
    const end = text.indexOf('\n});\n', start);
    expect(start, `${object} in objects.ts`).toBeGreaterThan(-1);
    const body = text.slice(start, end);
    expect(body).toContain(`  ${field}: `);
    return text.slice(0, start) + body.replace(`  ${field}: `, `  ${to}: `) + text.slice(end);
  };

describe("Pin's wire format in one place", () => {
  it('compiles as it is (the control)', async () => {
    expect([...(await typeCheck('control', (text) => text)).keys()]).toEqual([]);
  }, 60_000);

  it('fails to compile at each presenter that writes a field the schemas rename', async () => {
    // Three renames at once (one tsc run): a charge's field, a field every card shares (the card,
    // a charge's card), and a field nested in the plan.
    const errors = await typeCheck('renamed', (text) => {
      const renamed = renameIn('chargeObject', 'ip_address', 'ip')(text);
      expect(renamed).toContain('  display_number: text,');
      expect(renamed).toContain('cancelling: whole, cancelled: whole');
      return renamed
        .replace('  display_number: text,', '  number_shown: text,')
        .replace('cancelling: whole, cancelled: whole', 'cancelling: whole, ended: whole');
    });
    expect([...errors.keys()].sort()).toEqual([
      'billing-presenters.ts',
      'payment-presenters.ts',
      'presenters.ts',
    ]);
    expect(errors.get('payment-presenters.ts')!.join('\n')).toContain('ip_address');
    expect(errors.get('presenters.ts')!.join('\n')).toContain('display_number');
    expect(errors.get('billing-presenters.ts')!.join('\n')).toContain('cancelled');
  }, 60_000);
});
