import { type ApiClient, apiClient } from './api-client.ts';
import type { PinEvent } from './follow-events.ts';
import { advanceClock, postLocal } from './local-control.ts';
import type { Target } from './target.ts';
import { type Made, type Recipe, recipeFor, recipes, type TriggerContext } from './triggers/index.ts';

/** `trigger --list`: each type, what it needs beyond the API, and what it does. */
export const listTriggers = (): string =>
  recipes.map((r) => `${r.type.padEnd(38)}${(r.needs === 'api' ? '' : `[${r.needs}] `) + r.does}`).join('\n');

/** The context of the recipes over `target`: its API, and the local stack's clock and control. */
export const triggerContext = (target: Target): TriggerContext => {
  const api = apiClient(target.baseUrl, target.key);
  const local = target.local;
  if (!local) return { api, advance: null, local: null };
  const baseOf = (environment: 'test' | 'live') =>
    target.baseUrl.replace(/\/(test|live)$/, `/${environment}`);
  return {
    api,
    advance: async (seconds) => {
      await advanceClock(local.origin, seconds);
    },
    local: {
      newMerchant: async (fields) => {
        const made = (await postLocal(local.origin, '/accounts', fields)) as {
          test: { baseUrl: string; secretKey: string };
        };
        return apiClient(made.test.baseUrl, made.test.secretKey);
      },
      activateMerchant: async (merchantToken) => {
        await postLocal(local.origin, `/merchants/${merchantToken}/activate`);
      },
      partner: apiClient(baseOf('test'), local.partnerKey),
      clientFor: (environment, key) => apiClient(baseOf(environment), key),
    },
  };
};

/** The event of `type` about `about` in `events`' newest events; waits a little for it. */
const findEvent = async (events: ApiClient, type: string, about: string): Promise<PinEvent | null> => {
  for (let attempt = 0; attempt < 20; attempt++) {
    for (let page = 1; page <= 3; page++) {
      const answer = (await events.call('GET', `/1/events?page=${page}`)) as { response: PinEvent[] };
      const found = answer.response.find((e) => e.type === type && e.data?.token === about);
      if (found) return found;
      if (answer.response.length === 0) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
};

export interface Triggered {
  recipe: Recipe;
  made: Made;
  event: PinEvent;
}

/** Makes an event of `type` happen through the API (and the local clock where it needs it). */
export const trigger = async (type: string, context: TriggerContext): Promise<Triggered> => {
  const recipe = recipeFor(type);
  if (!recipe) throw new Error(`No trigger for ${type}: npm run wattle -- trigger --list names them`);
  if (recipe.needs !== 'api' && !context.local)
    throw new Error(
      `${type} needs the local stack (its ${recipe.needs}); a deployed stack runs on real time`,
    );
  const made = await recipe.run(context);
  const event = await findEvent(made.events, type, made.about);
  if (!event) throw new Error(`${type} did not appear in GET /1/events (about ${made.about})`);
  return { recipe, made, event };
};

/** What `trigger` prints: the event, and where to read it when it is not the target's. */
export const describeTriggered = ({ recipe, made, event }: Triggered, target: Target): string => {
  const lines = [
    event ? `${recipe.type}  ${event.token}  about ${made.about}` : `${recipe.type}  about ${made.about}`,
  ];
  if (made.note) lines.push(`  ${made.note}`);
  if (made.events && made.events.key !== target.key)
    lines.push(
      `  read it: curl -u ${made.events.key}: ${made.events.baseUrl}/1/events/${event?.token ?? ''}`,
    );
  return lines.join('\n');
};
