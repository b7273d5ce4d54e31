/**
 * The API operations measured, each as one HTTP request of a merchant on the service, with what it
 * needs made beforehand (charges to read, authorisations to capture).
 */
import { cardFields, chargeFields } from '../helpers/fixtures.ts';
import { type Api, newMerchant } from '../helpers/stack.ts';
import { benchApi } from './bench-api.ts';
import { runLoad } from './load.ts';

export const operationNames = [
  'create charge',
  'get charge',
  'list charges',
  'create customer',
  'authorise',
  'capture',
] as const;
export type OperationName = (typeof operationNames)[number];

/**
 * The operations of `--only` ("get charge,list charges") among `among`, refusing a name not there
 * (a typo would otherwise measure nothing and look like a result).
 */
export const parseOperationNames = (text: string, among: readonly OperationName[]): OperationName[] => {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(among as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    const known = among.map((name) => `"${name}"`).join(', ');
    const wrong = unknown.map((name) => `"${name}"`).join(', ') || 'nothing';
    throw new Error(`--only takes operations among ${known}, comma-separated; not ${wrong}`);
  }
  return names as OperationName[];
};

export interface ApiOperation {
  name: OperationName;
  /** Sends request `i`; throws unless it answered as expected. */
  send(i: number, headers?: Record<string, string>): Promise<void>;
}

const expect = (status: number, wanted: number, what: string, text: string): void => {
  if (status !== wanted) throw new Error(`${what} answered ${status}, not ${wanted}: ${text.slice(0, 300)}`);
};

export interface Merchant {
  api: Api;
  secretKey: string;
  /** Tokens of captured charges (GET /charges/{token} cycles through them). */
  charges: string[];
  /** Authorised charges not yet captured. */
  authorised: string[];
}

export const merchantOn = async (port: number): Promise<Merchant> => {
  const merchant = await newMerchant({ port }, 'Bench');
  const { baseUrl, secretKey } = merchant.test;
  return { api: benchApi(baseUrl, secretKey), secretKey, charges: [], authorised: [] };
};

/** The same merchant (its key, its charges to read) sent to another server through `api`. */
export const merchantThrough = (api: Api, merchant: Merchant): Merchant => ({
  api,
  secretKey: merchant.secretKey,
  charges: [...merchant.charges],
  authorised: [],
});

const createCharge = async (m: Merchant, capture: boolean, headers: Record<string, string>) => {
  const res = await m.api.post('/1/charges', chargeFields(capture ? {} : { capture: false }), {
    form: true,
    headers,
  });
  expect(res.status, 201, 'POST /1/charges', res.text);
  return res.body.response.token as string;
};

/** Makes `count` authorised charges, `concurrency` at a time, for the capture phase. */
export const authorise = async (m: Merchant, count: number, concurrency: number): Promise<void> => {
  const made = await runLoad({
    concurrency,
    durationMs: 3_600_000,
    maxCount: count,
    work: async () => {
      m.authorised.push(await createCharge(m, false, {}));
    },
  });
  if (made.errors > 0) throw new Error(`Authorising failed: ${made.firstError}`);
};

export const operations = (m: Merchant): Record<OperationName, ApiOperation> => ({
  'create charge': {
    name: 'create charge',
    send: async (_i, headers = {}) => {
      m.charges.push(await createCharge(m, true, headers));
    },
  },
  'get charge': {
    name: 'get charge',
    send: async (i, headers = {}) => {
      const token = m.charges[i % m.charges.length];
      const res = await m.api.get(`/1/charges/${token}`, { headers });
      expect(res.status, 200, 'GET /1/charges/{token}', res.text);
    },
  },
  'list charges': {
    name: 'list charges',
    send: async (_i, headers = {}) => {
      const res = await m.api.get('/1/charges', { headers });
      expect(res.status, 200, 'GET /1/charges', res.text);
    },
  },
  'create customer': {
    name: 'create customer',
    send: async (i, headers = {}) => {
      const res = await m.api.post(
        '/1/customers',
        {
          email: `c${i}@example.com`,
          first_name: 'Roland',
          card: cardFields({ number: '4200000000000000' }),
        },
        { form: true, headers },
      );
      expect(res.status, 201, 'POST /1/customers', res.text);
    },
  },
  authorise: {
    name: 'authorise',
    send: async (_i, headers = {}) => {
      m.authorised.push(await createCharge(m, false, headers));
    },
  },
  capture: {
    name: 'capture',
    send: async (_i, headers = {}) => {
      const token = m.authorised.pop();
      if (!token) throw new Error('No authorised charge left to capture');
      const res = await m.api.put(`/1/charges/${token}/capture`, undefined, { headers });
      expect(res.status, 201, 'PUT /1/charges/{token}/capture', res.text);
      m.charges.push(token);
    },
  },
});
