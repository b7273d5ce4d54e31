import { recipes, resolveTarget, trigger, triggerContext } from '@wattle/cli';
import { eventTypes } from '@wattle/domain';
import { describe, expect, it } from 'vitest';
import { wattleOutput } from '../helpers/cli.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { api, useClockStack } from '../helpers/stack.ts';

// Moves the clock: it runs on the clock stack (useClockStack), whose exit code is checked at its stop.
const stack = useClockStack();
const dataDir = stack.dataDir;

/** `npm run wattle -- …` against this file's stack (in this process: wattleOutput). */
const wattle = (...args: string[]) => wattleOutput(args, { WATTLE_DATA_DIR: dataDir });

/** The object each event group is about: its token prefix, and where the API shows it now. */
const objectOf: Record<string, { prefix: string; path: string | null }> = {
  charge: { prefix: 'ch_', path: '/1/charges' },
  customer: { prefix: 'cus_', path: '/1/customers' },
  recipient: { prefix: 'rp_', path: '/1/recipients' },
  refund: { prefix: 'rf_', path: '/1/refunds' },
  transfer: { prefix: 'tfer_', path: '/1/transfers' },
  deposit: { prefix: 'dpo_', path: '/1/deposits' },
  // The partner reads a referred merchant, as a merchant summary: the events carry the application.
  sub_merchant_application: { prefix: 'mrch_', path: null },
  plan: { prefix: 'plan_', path: '/1/plans' },
  subscription: { prefix: 'sub_', path: '/1/subscriptions' },
  dispute: { prefix: 'dis_', path: '/1/disputes' },
};

describe('npm run wattle -- trigger', () => {
  it('lists a trigger for every event type of SPEC.md', async () => {
    const listed = (await wattle('trigger', '--list'))
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[0]);
    expect(new Set(listed)).toEqual(new Set(eventTypes));
  });

  it(
    'makes each event happen through the API and the clock, about the object it names',
    async () => {
      const context = triggerContext(await resolveTarget({ baseUrl: null, key: null, live: false }, dataDir));
      for (const recipe of recipes) {
        const { made, event } = await trigger(recipe.type, context);
        const object = objectOf[recipe.type.split('.')[0]!]!;
        expect(made.about, recipe.type).toMatch(new RegExp(`^${object.prefix}`));
        expect(event, recipe.type).toMatchObject({ type: recipe.type, data: { token: made.about } });
        // The event is the one GET /1/events/{token} answers, to the key the trigger names.
        const reader = api(made.events.baseUrl, made.events.key);
        expect((await reader.get(`/1/events/${event.token}`)).body.response).toEqual(event);
        // Its data is the object as the API shows it (a deleted one is gone: its event keeps it); a
        // charge's events always show authorisation_token, a single charge only when it has one.
        const now = object.path ? await reader.get(`${object.path}/${made.about}`) : null;
        const fields = (data: object) =>
          Object.keys(data)
            .filter((key) => key !== 'authorisation_token')
            .sort();
        if (now?.status === 200) expect(fields(event.data), recipe.type).toEqual(fields(now.body.response));
        else expect(now === null || recipe.type.endsWith('.deleted'), recipe.type).toBe(true);
      }
    },
    // A net against a hang: 53 s on DynamoDB Local here; in CI (hangNet) three times wider.
    hangNet(180_000),
  );

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
