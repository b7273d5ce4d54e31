import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { disputeCategories, errorCatalogue } from '@wattle/domain';
import { describe, expect, it } from 'vitest';

/**
 * Pin's field names (snake_case) belong to the edge: @wattle/wire's schemas and presenters, and the
 * http inputs that map a request's fields to the domain's names. The domain and the flows name
 * their fields in camelCase, so a field of Pin's that drifts cannot hide in a flow. This reads
 * their sources (comments and strings left out) for a snake_case name used as a field: a key, a
 * member of a type, or a property read.
 */
const root = join(import.meta.dirname, '../..');
const rooms = ['packages/domain/src', 'packages/flows/src'];

/**
 * Pin's values, not its fields: an error code, a dispute category or an account status may key a
 * table (the error catalogue, the evidence each category asks for, the moves from each status).
 */
const pinValues = new Set<string>([
  ...Object.keys(errorCatalogue),
  ...disputeCategories,
  'pending_approval',
  'on_hold',
]);

/**
 * What is left in Pin's names, each for its reason; the list only shrinks. A name found in a file
 * this list does not give it fails the test.
 */
const kept: Record<string, { names: string[]; why: string }> = {
  'packages/domain/src/merchant.ts': {
    names: [
      'skip_charge_address_validation',
      'send_transfer_email',
      'send_refund_successful_emails',
      'settlement_delay_days',
      'maximum_charge_cents',
      'pos_maximum_charge_cents',
      'transaction_fixed_fee',
      'third_party_transfer_fee',
      'domestic_transaction_percentage_fee',
      'amex_transaction_percentage_fee',
      'foreign_transaction_percentage_fee',
      'transfer_email_line_items_attachment',
      'statement_descriptor_random_code',
      'payment_page',
      'manual_charge',
      'recurring_payments',
      'xero_payment_page',
      'renewal_failed',
      'fixed_fee',
      'percentage_fee',
      'domestic_currency_domestic_card_core',
      'domestic_currency_domestic_card_premium',
      'domestic_currency_foreign_card_core',
      'domestic_currency_foreign_card_premium',
      'foreign_currency_core',
      'foreign_currency_premium',
    ],
    why: "a merchant's default settings, notifications and pricing, kept in Pin's names as the merchant record holds them (another change owns that record)",
  },
  'packages/domain/src/transfer.ts': {
    names: ['total_fees', 'platform_adjustment', 'merchant_entitlement', 'created_at'],
    why: "a line item's record: the charge as Pin shows it, stored so in the transfer's line items",
  },
  'packages/domain/src/webhook.ts': {
    names: ['error_description'],
    why: "a webhook's errors, stored as Pin shows them",
  },
  'packages/flows/src/webhooks/deliver-webhook.ts': {
    names: ['error_description'],
    why: "writes a webhook's errors, stored as Pin shows them",
  },
};

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

/** The source without its comments and with every string, template and regular expression emptied. */
const codeOf = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/`(?:[^`\\]|\\.)*`/g, '``');

const snake = '[a-z][a-z0-9]*(?:_[a-z0-9]+)+';
/** `name:` or `name?:` (a key or a type's member) and `.name` (a property read). */
const fieldPattern = new RegExp(`(?<![\\w$.])(${snake})(?=\\s*\\??\\s*:)|\\.(${snake})\\b`, 'g');

/** Each snake_case name used as a field in `text`, the values of Pin's aside. */
const snakeFieldsOf = (text: string): string[] => [
  ...new Set(
    [...codeOf(text).matchAll(fieldPattern)]
      .map((match) => (match[1] ?? match[2])!)
      .filter((name) => !pinValues.has(name)),
  ),
];

describe('the domain and the flows name no field of Pin’s', () => {
  it('finds a snake_case key, type member or property read, and leaves comments, strings and values alone', () => {
    expect(snakeFieldsOf('const x = { ip_address: input.card_token };')).toEqual([
      'ip_address',
      'card_token',
    ]);
    expect(snakeFieldsOf('interface I { customer_token?: string }')).toEqual(['customer_token']);
    expect(
      snakeFieldsOf("// ip_address\n/** card_token: */ const s = 'a_b: c'; const t = { token };"),
    ).toEqual([]);
    expect(snakeFieldsOf('const moves = { on_hold: 1, invalid_resource: 2 };')).toEqual([]);
    // A ternary's branch is no key.
    expect(snakeFieldsOf('const a = b ? c : d;')).toEqual([]);
  });

  for (const room of rooms) {
    it(`${room} names only the fields it is allowed to in Pin's names`, () => {
      const found: Record<string, string[]> = {};
      for (const file of sources(join(root, room))) {
        const path = relative(root, file);
        const allowed = new Set(kept[path]?.names ?? []);
        const names = snakeFieldsOf(readFileSync(file, 'utf8')).filter((name) => !allowed.has(name));
        if (names.length > 0) found[path] = names;
      }
      expect(found).toEqual({});
    });
  }

  it('keeps no exception that is no longer needed', () => {
    for (const [path, { names }] of Object.entries(kept)) {
      const used = snakeFieldsOf(readFileSync(join(root, path), 'utf8'));
      expect(
        names.filter((name) => !used.includes(name)),
        path,
      ).toEqual([]);
    }
  });
});
