import { execFile } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Pin's wire format is written once, in @wattle/wire's schemas, and everything that writes or reads
 * a field is typed by them: renaming a field in a schema must fail to compile wherever the field
 * is written (each presenter, typed by its response object) or read (each input's mapping to the
 * domain's names, typed by its request schema's output). The test type-checks a copy of
 * packages/wire/src with fields renamed, under the repository's own compiler settings, and reads
 * which files fail. (A handler reading a renamed request field fails `tsc -p .` alike: `validate`
 * returns the schema's output.)
 */
const root = join(import.meta.dirname, '../..');
const wire = join(root, 'packages/wire/src');
/** Inside the repository, so the copy resolves @wattle/domain and valibot as the package does. */
const scratch = join(root, 'node_modules/.cache', `wire-types-${process.pid}`);
const tsc = join(root, 'node_modules/.bin/tsc');
const run = promisify(execFile);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** One file's text changed: `from` must be in it. */
const replace = (from: string, to: string) => (text: string) => {
  expect(text).toContain(from);
  return text.replace(from, to);
};

/** The files (relative to src/) tsc reports an error in, each with its messages, once `edits` changed theirs. */
const typeCheck = async (name: string, edits: Record<string, (text: string) => string>) => {
  const dir = join(scratch, name);
  cpSync(wire, join(dir, 'src'), { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const path = join(dir, 'src', file);
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
  }
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
    expect([...(await typeCheck('control', {})).keys()]).toEqual([]);
  }, 60_000);

  it('fails to compile at each presenter that writes a field the response schemas rename', async () => {
    // Three renames at once (one tsc run): a charge's field, a field every card shares (the card,
    // a charge's card), and a field nested in the plan.
    const errors = await typeCheck('responses', {
      'objects.ts': (text) =>
        [
          renameIn('chargeObject', 'ip_address', 'ip'),
          replace('  display_number: text,', '  number_shown: text,'),
          replace('cancelling: whole, cancelled: whole', 'cancelling: whole, ended: whole'),
        ].reduce((changed, edit) => edit(changed), text),
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

  it("fails to compile at each input's mapping to the domain's names when a request schema renames a field", async () => {
    const errors = await typeCheck('requests', {
      'payment-input.ts': replace('  ip_address: ipAddressField(),', '  ip: ipAddressField(),'),
      'subscription-input.ts': replace('  include_setup_fee: v.optional(', '  setup_fee: v.optional('),
      'card-input.ts': replace('        address_city: requiredText(),', '        city: requiredText(),'),
    });
    expect([...errors.keys()].sort()).toEqual(['card-input.ts', 'payment-input.ts', 'subscription-input.ts']);
    expect(errors.get('payment-input.ts')!.join('\n')).toContain('ip_address');
    expect(errors.get('subscription-input.ts')!.join('\n')).toContain('include_setup_fee');
    expect(errors.get('card-input.ts')!.join('\n')).toContain('address_city');
  }, 60_000);
});
