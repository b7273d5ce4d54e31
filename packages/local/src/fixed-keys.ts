import { readFileSync } from 'node:fs';
import { apiKeyPrefix, type Environment } from '@wattle/domain';

/**
 * Keys the seeded merchant and partner take instead of new ones, so a project's tests (and CI) know
 * them before the stack starts: any of the five, the others are made as usual.
 */
export interface FixedKeys {
  test?: { secretKey?: string; publishableKey?: string };
  live?: { secretKey?: string; publishableKey?: string };
  partnerKey?: string;
}

type Slot = { environment: Environment; field: 'secretKey' | 'publishableKey' } | 'partnerKey';

/** The environment variables of the fixed keys, and where each goes. */
export const fixedKeyVariables: Record<string, Slot> = {
  WATTLE_TEST_SECRET_KEY: { environment: 'test', field: 'secretKey' },
  WATTLE_TEST_PUBLISHABLE_KEY: { environment: 'test', field: 'publishableKey' },
  WATTLE_LIVE_SECRET_KEY: { environment: 'live', field: 'secretKey' },
  WATTLE_LIVE_PUBLISHABLE_KEY: { environment: 'live', field: 'publishableKey' },
  WATTLE_PARTNER_KEY: 'partnerKey',
};

const prefixOf = (slot: Slot): string =>
  slot === 'partnerKey'
    ? apiKeyPrefix('partner', null)
    : apiKeyPrefix(slot.field === 'secretKey' ? 'secret' : 'publishable', slot.environment);

const nameOf = (slot: Slot): string =>
  slot === 'partnerKey' ? 'partnerKey' : `${slot.environment}.${slot.field}`;

/** A key as the stack makes them: its kind's prefix, then at least 16 URL-safe characters. */
const checked = (slot: Slot, value: unknown, where: string): string => {
  const prefix = prefixOf(slot);
  if (
    typeof value !== 'string' ||
    !value.startsWith(prefix) ||
    !/^[A-Za-z0-9_-]{16,}$/.test(value.slice(prefix.length))
  )
    throw new Error(
      `${where} must be a key starting ${prefix} followed by at least 16 letters, digits, - or _`,
    );
  return value;
};

const put = (keys: FixedKeys, slot: Slot, value: string): void => {
  if (slot === 'partnerKey') keys.partnerKey = value;
  else keys[slot.environment] = { ...keys[slot.environment], [slot.field]: value };
};

const read = (keys: FixedKeys, slot: Slot): unknown =>
  slot === 'partnerKey' ? keys.partnerKey : keys[slot.environment]?.[slot.field];

/**
 * The fixed keys from `file` (local.json's shape: `test.secretKey`, `test.publishableKey`, the
 * same under `live`, `partnerKey`; any of them, other fields ignored, so a local.json will do) and
 * from the WATTLE_*_KEY variables, which win key by key. Throws an Error naming a bad key.
 */
export const readFixedKeys = (file: string | null, env: NodeJS.ProcessEnv): FixedKeys => {
  const keys: FixedKeys = {};
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`--keys-from ${file}: ${(error as Error).message}`);
    }
    let parsed: FixedKeys;
    try {
      parsed = JSON.parse(text) as FixedKeys;
    } catch {
      // JSON.parse's message quotes the text, which here is a key: its prefix and secret characters.
      throw new Error(`--keys-from ${file} is not JSON: it must hold a JSON object (local.json's shape)`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(`--keys-from ${file} must hold a JSON object (local.json's shape)`);
    for (const slot of Object.values(fixedKeyVariables)) {
      const value = read(parsed, slot);
      if (value !== undefined) put(keys, slot, checked(slot, value, `${nameOf(slot)} in ${file}`));
    }
  }
  for (const [variable, slot] of Object.entries(fixedKeyVariables)) {
    const value = env[variable]?.trim();
    if (value) put(keys, slot, checked(slot, value, variable));
  }
  return keys;
};
