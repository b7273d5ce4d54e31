import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { recipes, resolveTarget, trigger, triggerContext } from '@wattle/cli';
import { eventTypes } from '@wattle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type OwnStack, startOwnStack } from '../helpers/stack.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'wattle-cli-trigger-'));
let stack: OwnStack;

/** `npm run wattle -- …` against this file's stack. */
const wattle = async (...args: string[]) =>
  (
    await run(process.execPath, ['--import', 'tsx', join(repoRoot, 'packages/cli/src/main.ts'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, WATTLE_DATA_DIR: dataDir },
    })
  ).stdout;

/** The token prefix of the object each event group is about. */
const prefixOf: Record<string, string> = {
  charge: 'ch_',
  customer: 'cus_',
  recipient: 'rp_',
  refund: 'rf_',
  transfer: 'tfer_',
  deposit: 'dpo_',
  sub_merchant_application: 'mrch_',
  plan: 'plan_',
  subscription: 'sub_',
};

beforeAll(async () => {
  stack = await startOwnStack({ dataDir });
}, 90_000);

afterAll(async () => {
  expect(await stack?.stop()).toBe(0);
});

describe('npm run wattle -- trigger', () => {
  it('lists a trigger for every event type of SPEC.md', async () => {
    const listed = (await wattle('trigger', '--list'))
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[0]);
    expect(new Set(listed)).toEqual(new Set(eventTypes));
  });

  it('makes each event happen through the API and the clock, about the object it names', async () => {
    const context = triggerContext(await resolveTarget({ baseUrl: null, key: null, live: false }, dataDir));
    for (const recipe of recipes) {
      const { made, event } = await trigger(recipe.type, context);
      const prefix = prefixOf[recipe.type.split('.')[0]!]!;
      expect(made.about, recipe.type).toMatch(new RegExp(`^${prefix}`));
      if (recipe.type === 'sub_merchant_application.declined') {
        // No key reads a declined merchant's live events: the partner sees its status.
        expect(event).toBeNull();
        continue;
      }
      expect(event, recipe.type).toMatchObject({ type: recipe.type, data: { token: made.about } });
      // The event is the one GET /1/events/{token} answers, to the key the trigger names.
      const read = await api(made.events!.baseUrl, made.events!.key).get(`/1/events/${event!.token}`);
      expect(read.body.response).toEqual(event);
    }
  }, 180_000);

  it('prints the event it made, and refuses a type it has no trigger for', async () => {
    expect(await wattle('trigger', 'customer.created')).toMatch(
      /^customer\.created {2}evt_\S+ {2}about cus_/,
    );
    await expect(wattle('trigger', 'charge.exploded')).rejects.toThrow(/No trigger for charge\.exploded/);
  });

  it('moves the clock by a duration with units and says what the scheduler ran', async () => {
    const before = Date.parse(JSON.parse(await wattle('clock', '--json')).now);
    const out = await wattle('clock', 'advance', '1h30m');
    expect(out).toMatch(/^Clock at \S+; the scheduler ran \d+ job\(s\)/);
    const after = Date.parse(JSON.parse(await wattle('clock', 'now', '--json')).now);
    expect(after - before).toBeGreaterThanOrEqual(5400_000);
    expect(after - before).toBeLessThan(5400_000 + 60_000);
  });
});
