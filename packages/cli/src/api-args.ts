import { parseArgs } from 'node:util';
import { eventTypes } from '@wattle/domain';
import { parseDuration } from './duration.ts';
import { resourcePath } from './resources.ts';
import { didYouMean, didYouMeanEvent } from './suggest.ts';
import type { TargetOptions } from './target.ts';
import { recipeFor, recipes } from './triggers/index.ts';

/** Where the API commands go, said once above their help. */
const apiTarget = `Against the local stack (npm start, found through \${WATTLE_DATA_DIR:-.wattle}/local.json; its
test environment unless --live) or a deployed stack (--base-url URL --key SECRET_KEY):`;

const jsonNote =
  '  --json prints JSON (a line per event or delivery for the following commands) instead of text.';

/**
 * Each API command's lines of the help, by its command word (RESOURCE: the resources' reads), in
 * the help's order: the everyday ones first.
 */
export const apiCommandUsage: Record<string, string> = {
  RESOURCE: `  npm run wattle -- RESOURCE list [--page N]
  npm run wattle -- RESOURCE get TOKEN      RESOURCE: charges, authorisations, customers, refunds,
        recipients, transfers, deposits, disputes, plans, subscriptions, events, webhooks, webhook_endpoints;
        npm run wattle -- balance get`,
  listen: `  npm run wattle -- listen --forward-to URL [--signing-key KEY]
        forwards every new event of the account to URL, signed as webhooks are (Pin-Signature),
        a line per delivery; the key is kept in the data directory (listen-key) unless given`,
  trigger: `  npm run wattle -- trigger EVENT_TYPE      makes that event happen with sample data
  npm run wattle -- trigger --list          the event types it can make, and how`,
  events: '  npm run wattle -- events tail [--type TYPE ...]',
  logs: "  npm run wattle -- logs tail [--lines N]   the local stack's request log (requests.log)",
  env: `  eval "$(npm run -s wattle -- env)"        sets WATTLE, BASE, KEY, PK, CLOCK, LBASE, LKEY and PARTNER,
        every variable the docs' examples use`,
  clock: `  npm run wattle -- clock [now]             the local stack's clock
  npm run wattle -- clock advance 5d        moves it (s, m, h, d: 90s, 1h30m, 5d) and runs what fell due`,
  reset: `  npm run wattle -- reset                   empties the local stack: every account's data goes, the
        seeded merchant and partner stay with their keys (local.json holds), the clock is real time`,
  check: `  npm run wattle -- check [--webhook-url URL]
        one pass through every AWS service the stack uses (test environment): a card, a charge, a
        refund, a webhook attempt, a file; a line per step; the webhook goes to URL (by default the
        stack's own API, which answers 404: an attempt is all it checks)`,
};

export const apiUsage = `${apiTarget}\n\n${Object.values(apiCommandUsage).join('\n')}\n\n${jsonNote}`;

/** The help of one API command (`trigger --help`); a resource's name gives the resources' reads. */
export const apiCommandHelp = (word: string): string | null => {
  // `events` has its tail and the resources' reads; `balance` is read as a resource is.
  const reads = resourcePath(word) || word === 'balance' ? apiCommandUsage.RESOURCE : undefined;
  const lines = [apiCommandUsage[word], reads].filter((text) => text !== undefined);
  return lines.length ? `${apiTarget}\n\n${lines.join('\n')}\n\n${jsonNote}` : null;
};

interface Common {
  target: TargetOptions;
  json: boolean;
}

export type ApiCommand = Common &
  (
    | { command: 'listen'; forwardTo: string; signingKey: string | null }
    | { command: 'trigger'; type: string }
    | { command: 'trigger-list' }
    | { command: 'events-tail'; types: string[] }
    | { command: 'logs-tail'; lines: number }
    | { command: 'list'; path: string; page: number | null }
    | { command: 'get'; path: string }
    | { command: 'env' }
    | { command: 'check'; webhookUrl: string | null }
    | { command: 'clock-now' }
    | { command: 'clock-advance'; seconds: number }
    | { command: 'reset' }
  );

/** The commands that talk to the API or the local stack's clock and logs. */
export const apiCommandNames = new Set([
  'listen',
  'trigger',
  'events',
  'logs',
  'clock',
  'balance',
  'env',
  'check',
  'reset',
]);

const options = {
  'base-url': { type: 'string' },
  key: { type: 'string' },
  live: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  'forward-to': { type: 'string' },
  'signing-key': { type: 'string' },
  list: { type: 'boolean', default: false },
  type: { type: 'string', multiple: true },
  lines: { type: 'string' },
  page: { type: 'string' },
  'webhook-url': { type: 'string' },
} as const;

const isHttpUrl = (text: string | undefined): text is string =>
  text !== undefined && URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

const positiveInteger = (text: string | undefined): number | null =>
  text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;

/**
 * The command line of an API command as a request, or an error message for the user; null when
 * it is not one of them (the account commands parse their own).
 */
export const parseApiCommand = (argv: string[]): ApiCommand | string | null => {
  // The command word decides whose options these are: the account commands have others.
  const [command = '', verb] = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options,
  }).positionals;
  // `customers backfill-card-owners` is an account command; any other verb after a resource is ours to refuse.
  const readsResource = resourcePath(command) !== null && verb !== 'backfill-card-owners';
  if (!apiCommandNames.has(command) && !readsResource) return null;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options });
  } catch (error) {
    return (error as Error).message;
  }
  const { values, positionals } = parsed;
  const [first = '', second, third] = positionals;
  const resource = resourcePath(first);
  const common: Common = {
    target: {
      baseUrl: (values['base-url'] as string | undefined) ?? null,
      key: (values.key as string | undefined) ?? null,
      live: values.live === true,
    },
    json: values.json === true,
  };
  switch (first) {
    case 'listen': {
      const forwardTo = values['forward-to'] as string | undefined;
      if (!isHttpUrl(forwardTo))
        return 'listen needs --forward-to with an http(s) URL, e.g. --forward-to http://localhost:3000/hooks';
      return {
        ...common,
        command: 'listen',
        forwardTo,
        signingKey: (values['signing-key'] as string) ?? null,
      };
    }
    case 'trigger':
      if (values.list === true) return { ...common, command: 'trigger-list' };
      if (!second) return 'trigger needs an event type (trigger --list names them)';
      if (!recipeFor(second))
        return `No trigger for ${second}.${didYouMeanEvent(
          second,
          recipes.map((r) => r.type),
        )} trigger --list names them.`;
      return { ...common, command: 'trigger', type: second };
    case 'events':
      if (second === 'tail') {
        const types = (values.type as string[] | undefined) ?? [];
        const unknown = types.find((type) => !(eventTypes as readonly string[]).includes(type));
        if (unknown !== undefined) return `No event type ${unknown}.${didYouMeanEvent(unknown, eventTypes)}`;
        return { ...common, command: 'events-tail', types };
      }
      break;
    case 'logs': {
      if (second !== 'tail') return `logs has one command: logs tail.${didYouMean(second ?? '', ['tail'])}`;
      const lines = values.lines === undefined ? 20 : positiveInteger(values.lines as string);
      if (lines === null) return '--lines must be a positive whole number';
      return { ...common, command: 'logs-tail', lines };
    }
    case 'clock':
      if (second === undefined || second === 'now') return { ...common, command: 'clock-now' };
      if (second === 'advance') {
        const seconds = third === undefined ? null : parseDuration(third);
        if (seconds === null) return 'clock advance needs a duration: 90s, 15m, 1h30m, 5d';
        return { ...common, command: 'clock-advance', seconds };
      }
      return `clock has: clock now, clock advance DURATION.${didYouMean(second, ['now', 'advance'])}`;
    case 'env':
      return { ...common, command: 'env' };
    case 'reset':
      return { ...common, command: 'reset' };
    case 'check': {
      const webhookUrl = values['webhook-url'] as string | undefined;
      if (webhookUrl !== undefined && !isHttpUrl(webhookUrl))
        return '--webhook-url must be an http(s) URL the stack can reach';
      return { ...common, command: 'check', webhookUrl: webhookUrl ?? null };
    }
    case 'balance':
      if (second === undefined || second === 'get') return { ...common, command: 'get', path: '/1/balance' };
      return `balance has one command: balance get.${didYouMean(second, ['get'])}`;
  }
  if (resource && second === 'list') {
    const page = values.page === undefined ? null : positiveInteger(values.page as string);
    if (values.page !== undefined && page === null) return '--page must be a positive whole number';
    return { ...common, command: 'list', path: resource, page };
  }
  if (resource && second === 'get') {
    if (!third || !/^[\w-]+$/.test(third)) return `${first} get needs a token`;
    return { ...common, command: 'get', path: `${resource}/${third}` };
  }
  const verbs = [
    'list',
    'get',
    ...(first === 'events' ? ['tail'] : first === 'customers' ? ['backfill-card-owners'] : []),
  ];
  return `${first} has: ${verbs.map((verb) => `${first} ${verb}`).join(', ')}.${didYouMean(second ?? '', verbs)}`;
};
