import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eventTypes } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

/**
 * A store rule is written once for both engines (issue 42, item 1): what a write checks, the
 * refusal its failure means and the event it records are decided in @wattle/ports' writes (the
 * generic `StoreWrite` lists, packages/ports/src/writes/) or in the domain's change lists
 * (decision 181), and each engine's repositories only build or interpret those lists. So no file
 * of either engine makes a port's refusal (`new Changed(`, `new Missing(`…) or names an event
 * (`newEvent(`, an event type) of its own: a file that makes any fails this test, named with how
 * many it makes. (The payments' change kinds were the last: they take their refusal from ports'
 * paymentRefusal.)
 */
const root = join(import.meta.dirname, '../..');
const engines = ['packages/store/src', 'packages/memory-store/src'];

/** The ports' refusals of a write (Unavailable and its kin are the infrastructure's, not a rule's). */
const refusals = [
  'Changed',
  'Missing',
  'LimitReached',
  'NameTaken',
  'TokenUsed',
  'TokenTaken',
  'BalanceShort',
  'JobTaken',
  'Locked',
  'PinError',
];
const refusalPattern = new RegExp(`\\bnew (?:${refusals.join('|')})\\(`, 'g');
const eventPattern = new RegExp(
  `\\bnewEvent\\(|['"\`](?:${eventTypes.map((type) => type.replace('.', '\\.')).join('|')})['"\`]`,
  'g',
);

const sources = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(dir, file));

/** The source without its comments. */
const codeOf = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '');

/** How many refusals and events `text` makes or names of its own. */
const rulesIn = (text: string): number => {
  const code = codeOf(text);
  return (code.match(refusalPattern)?.length ?? 0) + (code.match(eventPattern)?.length ?? 0);
};

const found = (): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const engine of engines)
    for (const file of sources(join(root, engine))) {
      const rules = rulesIn(readFileSync(file, 'utf8'));
      if (rules > 0) counts[relative(root, file)] = rules;
    }
  return counts;
};

describe('each store rule is written once for both engines', () => {
  it('finds a refusal made and an event named, and leaves comments and other errors alone', () => {
    expect(rulesIn("throw new Missing('customer', token);")).toBe(1);
    expect(rulesIn("() => new Changed('plan', t), () => new NameTaken('plan', n)")).toBe(2);
    expect(rulesIn("const e = newEvent(ids, 'customer.created', data, now);")).toBe(2);
    expect(rulesIn("// new Missing('customer', token)\n/** 'plan.created' */ new Unavailable('x');")).toBe(0);
    expect(rulesIn("const a = 'customer.createdAt'; new ConditionFailed('x');")).toBe(0);
  });

  it('no engine makes a refusal or names an event of its own', () => {
    expect(found()).toEqual({});
  });
});
