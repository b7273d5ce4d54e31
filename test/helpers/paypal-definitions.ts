import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PayPal's published definitions, kept unmodified beside the tests (test/vendor/paypal/README.md). */
export const paypalDefinitions = join(import.meta.dirname, '../vendor/paypal');
export const ordersDefinition = join(paypalDefinitions, 'checkout_orders_v2.json');
export const paymentsDefinition = join(paypalDefinitions, 'payments_payment_v2.json');
export const webhooksDefinition = join(paypalDefinitions, 'notifications_webhooks_v1.json');

type Json = Record<string, unknown>;

/** The lone `]` of `\[\x01-\x09\x0b\x0c\x0e-\x7f]`: a literal without the unicode flag, an error with it. */
const loneBracket = String.raw`\[\x01-\x09\x0b\x0c\x0e-\x7f]`;
const escapedBracket = String.raw`\[\x01-\x09\x0b\x0c\x0e-\x7f\]`;

/**
 * The four patterns of PayPal's definitions that do not compile in the unicode mode Prism's
 * validator uses (Prism then skips their whole schema, silently), each with its rewrite to the
 * same meaning: where it is, what it is as published, and what it becomes.
 */
const rewrites: Record<string, { path: string[]; rewrite: (published: string) => string }[]> = {
  'checkout_orders_v2.json': [
    { path: ['components', 'schemas', 'email'], rewrite: (p) => p.replaceAll(loneBracket, escapedBracket) },
    {
      path: ['components', 'schemas', 'level_2_card_processing_data', 'properties', 'invoice_id'],
      rewrite: (p) => p.replaceAll('\\!', '!'),
    },
    {
      path: ['components', 'schemas', 'vault_venmo_wallet_base', 'allOf', '1', 'properties', 'description'],
      rewrite: (p) => p.replaceAll('\\!', '!'),
    },
  ],
  'payments_payment_v2.json': [
    { path: ['components', 'schemas', 'email'], rewrite: (p) => p.replaceAll(loneBracket, escapedBracket) },
  ],
  'notifications_webhooks_v1.json': [],
};

const at = (document: Json, path: string[]): Json =>
  path.reduce<Json>((node, key) => {
    const next = (node as Record<string, unknown>)[key];
    if (typeof next !== 'object' || next === null) throw new Error(`No ${path.join('.')} in the definition`);
    return next as Json;
  }, document);

/** Every `pattern` of `document` that does not compile with the unicode flag, by where it is. */
export const unicodeIncompatiblePatterns = (document: unknown, where = ''): string[] => {
  if (typeof document !== 'object' || document === null) return [];
  return Object.entries(document).flatMap(([key, value]) => {
    if (key === 'pattern' && typeof value === 'string') {
      try {
        new RegExp(value, 'u');
        return [];
      } catch {
        return [where];
      }
    }
    return unicodeIncompatiblePatterns(value, `${where}/${key}`);
  });
};

/**
 * The definition named `file` (of test/vendor/paypal) with its unicode-incompatible patterns
 * rewritten to the same meaning, written to a directory of its own: the path of the copy, and how
 * to remove it. A pattern that is not as published (a newer file) stops it, so a rewrite never
 * changes what it was not written for.
 */
export const derivedDefinition = (file: string): { path: string; remove: () => void } => {
  const document = JSON.parse(readFileSync(join(paypalDefinitions, file), 'utf8')) as Json;
  for (const { path, rewrite } of rewrites[file] ?? []) {
    const schema = at(document, path);
    const published = schema.pattern;
    if (typeof published !== 'string') throw new Error(`${path.join('.')} has no pattern`);
    const rewritten = rewrite(published);
    if (rewritten === published) throw new Error(`${path.join('.')}'s pattern is not as published`);
    schema.pattern = rewritten;
  }
  const left = unicodeIncompatiblePatterns(document);
  if (left.length > 0) throw new Error(`${file} still has patterns Prism cannot compile: ${left.join(', ')}`);
  const dir = mkdtempSync(join(tmpdir(), 'wattle-paypal-definition-'));
  const path = join(dir, file);
  writeFileSync(path, JSON.stringify(document));
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
};
