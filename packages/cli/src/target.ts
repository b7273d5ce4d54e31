import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type Environment = 'test' | 'live';

/** The local stack's local.json, as far as the commands read it. */
interface LocalJson {
  test: { baseUrl: string; secretKey: string; publishableKey: string };
  live: { baseUrl: string; secretKey: string; publishableKey: string };
  partnerKey: string;
  clockUrl: string;
}

/**
 * The running local stack's local.json in `dataDir`; an Error saying how to get one otherwise
 * (`otherwise`: the option that reaches a deployed stack instead).
 */
export const readLocalJson = async (
  dataDir: string,
  otherwise = '--base-url and --key',
): Promise<LocalJson> => {
  const localFile = join(dataDir, 'local.json');
  try {
    return JSON.parse(await readFile(localFile, 'utf8')) as LocalJson;
  } catch {
    throw new Error(`No local stack found (${localFile} is missing): run npm start, or pass ${otherwise}`);
  }
};

/** Where the local stack listens: the origin of its URLs. */
const originOf = (info: LocalJson): string => new URL(info.clockUrl).origin;

/** The origin of the running local stack found through `dataDir`'s local.json. */
export const localStackOrigin = async (dataDir: string, otherwise?: string): Promise<string> =>
  originOf(await readLocalJson(dataDir, otherwise));

/**
 * Every shell variable the docs' examples use, for the local stack whose local.json is `localFile`,
 * as `export` lines for `eval "$(npm run -s wattle -- env)"`: they follow WATTLE_DATA_DIR wherever
 * it points. The README's own set (WATTLE, BASE, KEY, PK, CLOCK) and the live and partner keys.
 */
export const shellVariables = (info: LocalJson, localFile: string): string =>
  Object.entries({
    WATTLE: localFile,
    BASE: info.test.baseUrl,
    KEY: info.test.secretKey,
    PK: info.test.publishableKey,
    LBASE: info.live.baseUrl,
    LKEY: info.live.secretKey,
    PARTNER: info.partnerKey,
    CLOCK: info.clockUrl,
  })
    .map(([name, value]) => `export ${name}='${value.replaceAll("'", "'\\''")}'`)
    .join('\n');

/** What a command talks to: an environment's base URL and a secret key, and the local stack's extras. */
export interface Target {
  /** Paths are relative to it: `${baseUrl}/1/charges`. */
  baseUrl: string;
  key: string;
  environment: Environment;
  /** The running local stack (its origin and partner key), or null for a deployed stack. */
  local: { origin: string; partnerKey: string } | null;
}

export interface TargetOptions {
  baseUrl: string | null;
  key: string | null;
  live: boolean;
}

const environmentOfKey = (key: string): Environment | null =>
  /^(sk|pk)_live_/.test(key) ? 'live' : /^(sk|pk)_test_/.test(key) ? 'test' : null;

/**
 * The local stack (found through `<dataDir>/local.json`, its test environment unless `--live` or a
 * live key) by default; a deployed stack given `--base-url` and `--key`.
 */
export const resolveTarget = async (options: TargetOptions, dataDir: string): Promise<Target> => {
  const keyEnvironment = options.key ? environmentOfKey(options.key) : null;
  if (options.baseUrl) {
    if (!options.key) throw new Error('--base-url needs --key (the secret key of that environment)');
    return {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      key: options.key,
      environment: keyEnvironment ?? (options.live ? 'live' : 'test'),
      local: null,
    };
  }
  const info = await readLocalJson(dataDir);
  const environment = keyEnvironment ?? (options.live ? 'live' : 'test');
  return {
    baseUrl: info[environment].baseUrl,
    key: options.key ?? info[environment].secretKey,
    environment,
    local: { origin: originOf(info), partnerKey: info.partnerKey },
  };
};
