import { type ApiClient, ApiError, responseOf } from './api-client.ts';
import { pause } from './pause.ts';
import { charge, sampleCard } from './triggers/samples.ts';

/*
 * `wattle check`: one pass through every AWS service a deployed stack uses, through the public API
 * alone, so an operator knows after `cdk deploy` (or an upgrade) that each path works: DynamoDB,
 * KMS, the table stream and its Pipe, both SQS queues, the delivery function and S3. In the test
 * environment only; what it makes is a test charge and refund, a webhook record of an endpoint it
 * deletes again, and a file it deletes.
 */

export interface CheckOptions {
  /** Where the check's webhook endpoint points: any URL the stack can reach (it need not answer 2xx). */
  webhookUrl: string;
  print: (line: string) => void;
  /** How long to wait for the webhook's first attempt (the stream, the Pipe and two queues). */
  webhookWaitMs?: number;
  /** Ctrl-C: stops the wait for the webhook. */
  signal: AbortSignal;
}

interface Step {
  name: string;
  /** What the step proves works. */
  proves: string;
  run: () => Promise<string>;
}

/** The smallest file the files endpoint takes: PNG's signature and an empty IHDR-less body. */
const checkFile = () =>
  new Blob(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.from('wattle check')])],
    {
      type: 'image/png',
    },
  );

/** POST /1/files as multipart, the one upload the API takes; the file object, or an ApiError. */
const upload = async (api: ApiClient, file: Blob): Promise<{ token: string; presigned_url: string }> => {
  const form = new FormData();
  form.set('purpose', 'dispute_evidence');
  form.set('file', file, 'wattle-check.png');
  const response = await fetch(`${api.baseUrl}/1/files`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${api.key}:`).toString('base64')}` },
    body: form,
  });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new ApiError(response.status, body);
  return responseOf(body);
};

/** The first webhook record of `endpoint` that has been attempted, or null when none is by `until`. */
const attemptedWebhook = async (api: ApiClient, endpoint: string, until: number, signal: AbortSignal) => {
  for (;;) {
    const webhooks = responseOf(await api.call('GET', '/1/webhooks')) as {
      token: string;
      webhook_endpoint_token: string;
      status: string;
      errors: Record<string, { error_description?: string }>;
    }[];
    const found = webhooks.find((w) => w.webhook_endpoint_token === endpoint && w.status !== 'pending');
    if (found || Date.now() > until || signal.aborted) return found ?? null;
    await pause(500, signal);
  }
};

const steps = (api: ApiClient, options: CheckOptions, made: { endpoint?: string }): Step[] => {
  let cardToken = '';
  let chargeToken = '';
  return [
    {
      name: 'key and balance',
      proves: 'API Gateway, a function, DynamoDB reads',
      run: async () => {
        const balance = responseOf(await api.call('GET', '/1/balance'));
        return `${balance.available?.length ?? 0} currency balance(s)`;
      },
    },
    {
      name: 'card stored',
      proves: 'KMS (the number sealed)',
      run: async () => {
        cardToken = responseOf(await api.call('POST', '/1/cards', sampleCard())).token;
        return cardToken;
      },
    },
    {
      name: 'webhook endpoint',
      proves: 'DynamoDB writes',
      run: async () => {
        made.endpoint = responseOf(
          await api.call('POST', '/1/webhook_endpoints', { url: options.webhookUrl }),
        ).token;
        return `${made.endpoint} → ${options.webhookUrl}`;
      },
    },
    {
      name: 'charge captured',
      proves: 'KMS (the number opened), a transaction',
      run: async () => {
        // The stored card by its token (the sample's card details left out), as a client charges one.
        const paid = await charge(api, {
          card: undefined,
          card_token: cardToken,
          description: 'wattle check',
        });
        chargeToken = paid.token;
        return `${chargeToken} ${paid.amount} ${paid.currency}`;
      },
    },
    {
      name: 'refund',
      proves: 'a second function on the same charge',
      run: async () => {
        const refund = responseOf(
          await api.call('POST', `/1/charges/${chargeToken}/refunds`, { amount: 100 }),
        );
        return `${refund.token} ${refund.amount}`;
      },
    },
    {
      name: 'webhook attempted',
      proves: 'the table stream, its Pipe, the events and webhooks queues, the delivery function',
      run: async () => {
        const until = Date.now() + (options.webhookWaitMs ?? 60_000);
        const webhook = await attemptedWebhook(api, made.endpoint!, until, options.signal);
        if (!webhook) throw new Error('no webhook of the endpoint was attempted in time');
        const [error] = Object.values(webhook.errors ?? {});
        return `${webhook.token} ${webhook.status}${error?.error_description ? ` (${error.error_description})` : ''}`;
      },
    },
    {
      name: 'file stored and read back',
      proves: 'S3 (a put, a presigned GET, a delete)',
      run: async () => {
        const file = checkFile();
        const uploaded = await upload(api, file);
        const download = await fetch(uploaded.presigned_url);
        const bytes = new Uint8Array(await download.arrayBuffer());
        await api.call('DELETE', `/1/files/${uploaded.token}`);
        if (!download.ok) throw new Error(`its download URL answered ${download.status}`);
        if (Buffer.compare(bytes, new Uint8Array(await file.arrayBuffer())) !== 0)
          throw new Error('its download URL gave other bytes');
        return `${uploaded.token} (${bytes.length} bytes), deleted`;
      },
    },
  ];
};

/**
 * Runs the check against `api`, a line per step (`ok`/`FAILED`, what it made, how long, what it
 * proves), stopping at the first failure; the webhook endpoint it made is deleted whatever happens.
 * True when every step passed.
 */
export const checkStack = async (api: ApiClient, options: CheckOptions): Promise<boolean> => {
  if (!/^sk_test_/.test(api.key))
    throw new Error('check runs in the test environment: give it a test secret key (sk_test_…)');
  const made: { endpoint?: string } = {};
  try {
    for (const step of steps(api, options, made)) {
      const started = Date.now();
      const line = (outcome: string, detail: string) =>
        `${outcome.padEnd(7)}${step.name.padEnd(27)}${detail}  ${Date.now() - started} ms  [${step.proves}]`;
      try {
        options.print(line('ok', await step.run()));
      } catch (error) {
        options.print(line('FAILED', (error as Error).message));
        return false;
      }
    }
    return true;
  } finally {
    if (made.endpoint) await api.call('DELETE', `/1/webhook_endpoints/${made.endpoint}`);
  }
};
