import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/transport';
import { SignatureV4 } from '@smithy/signature-v4';
import { AwsError, AwsJsonClient, isAwsError, kmsProtocol, sqsProtocol } from '@wattle/aws-json';
import { kmsCardCipher } from '@wattle/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPost } from '../../packages/aws-json/src/sigv4.ts';
import { DocumentClient, GetCommand } from '../../packages/store/src/dynamodb.ts';

describe('signing a DynamoDB call', () => {
  const body = JSON.stringify({ TableName: 'wattle', Key: { pk: { S: 'a' }, sk: { S: 'b' } } });
  const now = new Date('2026-11-25T01:02:03.456Z');
  const headers = {
    'content-type': 'application/x-amz-json-1.0',
    'x-amz-target': 'DynamoDB_20120810.GetItem',
  };

  for (const sessionToken of [undefined, 'a-session-token']) {
    it(`signs as the SDK's SignatureV4 does${sessionToken ? ', the session token included' : ''}`, async () => {
      const credentials = {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG',
        sessionToken,
      };
      // DynamoDB needs no x-amz-content-sha256 header: the SDK's signer adds one unless told not to.
      const sdk = new SignatureV4({
        service: 'dynamodb',
        region: 'ap-southeast-2',
        credentials,
        sha256: Sha256,
        applyChecksum: false,
      });
      const expected = await sdk.sign(
        new HttpRequest({
          method: 'POST',
          protocol: 'https:',
          hostname: 'dynamodb.ap-southeast-2.amazonaws.com',
          path: '/',
          headers: { ...headers, host: 'dynamodb.ap-southeast-2.amazonaws.com' },
          body,
        }),
        { signingDate: now },
      );
      const ours = signPost(
        {
          host: 'dynamodb.ap-southeast-2.amazonaws.com',
          region: 'ap-southeast-2',
          service: 'dynamodb',
          headers,
          body,
          now,
        },
        credentials,
      );
      expect(ours.authorization).toBe(expected.headers.authorization);
      expect(ours['x-amz-security-token']).toBe(sessionToken);
    });
  }
});

/** A stand-in DynamoDB: answers each call with the next of `answers` (status, JSON body). */
let server: Server;
let endpoint: string;
let answers: [number, unknown][] = [];
let received: { target: string; contentType: string; body: unknown; auth: string }[] = [];

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      target: String(request.headers['x-amz-target']),
      contentType: String(request.headers['content-type']),
      body: await readBody(request),
      auth: String(request.headers.authorization),
    });
    const [status, body] = answers.shift() ?? [200, {}];
    response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (options: Partial<ConstructorParameters<typeof DocumentClient>[0]> = {}) =>
  new DocumentClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    ...options,
  });
const answer = (...next: [number, unknown][]) => {
  answers = next;
  received = [];
};
const get = new GetCommand({ TableName: 'wattle', Key: { pk: 'a', sk: 'b' } });

describe("the store's DynamoDB client", () => {
  it('sends marshalled values and reads plain ones, binary as base64 both ways', async () => {
    answer([
      200,
      {
        Item: {
          pk: { S: 'a' },
          n: { N: '4.5' },
          data: { B: Buffer.from('zip').toString('base64') },
          m: { M: { l: { L: [{ B: 'AQI=' }] } } },
        },
      },
    ]);
    const doc = client();
    const got = await doc.send(
      new GetCommand({ TableName: 'wattle', Key: { pk: 'a', sk: 'b' }, ConsistentRead: true }),
    );
    expect(received[0]).toMatchObject({
      target: 'DynamoDB_20120810.GetItem',
      body: { TableName: 'wattle', Key: { pk: { S: 'a' }, sk: { S: 'b' } }, ConsistentRead: true },
    });
    expect(received[0]!.auth).toMatch(
      /^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/local\/dynamodb\/aws4_request/,
    );
    expect(got.Item).toEqual({
      pk: 'a',
      n: 4.5,
      data: new Uint8Array(Buffer.from('zip')),
      m: { l: [new Uint8Array([1, 2])] },
    });
    doc.destroy();
  });

  it("names an error by DynamoDB's type and keeps a failed condition's item, unretried", async () => {
    answer([
      400,
      {
        __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
        message: 'The conditional request failed',
        Item: { pk: { S: 'a' } },
      },
    ]);
    const doc = client();
    const error = await doc.send(get).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsError);
    expect(isAwsError(error, 'ConditionalCheckFailedException')).toBe(true);
    expect(error).toMatchObject({ message: 'The conditional request failed', Item: { pk: { S: 'a' } } });
    expect(received).toHaveLength(1);
    doc.destroy();
  });

  it("keeps a cancelled transaction's reasons", async () => {
    const reasons = [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: { pk: { S: 'x' } } }];
    answer([
      400,
      {
        __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
        Message: 'cancelled',
        CancellationReasons: reasons,
      },
    ]);
    const doc = client();
    const error = await doc.send(get).catch((e: unknown) => e);
    expect(isAwsError(error, 'TransactionCanceledException')).toBe(true);
    expect((error as AwsError).CancellationReasons).toEqual(reasons);
    doc.destroy();
  });

  it("retries a server error and a throttle as the SDK's standard strategy does, up to three attempts", async () => {
    const doc = client();
    answer([500, '<html>bad gateway</html>'], [503, {}], [200, { Item: { pk: { S: 'a' } } }]);
    expect((await doc.send(get)).Item).toEqual({ pk: 'a' });
    expect(received).toHaveLength(3);

    const throttled = {
      __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException',
      message: 'slow down',
    };
    answer([400, throttled], [400, throttled], [400, throttled], [200, {}]);
    const error = await client({ maxAttempts: 2 })
      .send(get)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'ProvisionedThroughputExceededException',
      $metadata: { attempts: 2 },
    });
    expect(received).toHaveLength(2);
    doc.destroy();
  });

  it('takes the number of attempts from AWS_MAX_ATTEMPTS, as the SDK does', async () => {
    const saved = process.env.AWS_MAX_ATTEMPTS;
    process.env.AWS_MAX_ATTEMPTS = '1';
    try {
      answer([503, {}], [200, {}]);
      const doc = client();
      await expect(doc.send(get)).rejects.toMatchObject({ name: 'Http503', $metadata: { attempts: 1 } });
      expect(received).toHaveLength(1);
      doc.destroy();
    } finally {
      if (saved === undefined) delete process.env.AWS_MAX_ATTEMPTS;
      else process.env.AWS_MAX_ATTEMPTS = saved;
    }
  });

  it('asks a credential provider once, and again only when what it gave expires', async () => {
    let asked = 0;
    const provider = async () => {
      asked++;
      return {
        accessKeyId: `key${asked}`,
        secretAccessKey: 's',
        expiration: new Date(Date.now() + (asked === 1 ? 60_000 : 3_600_000)),
      };
    };
    const doc = client({ credentials: provider });
    answer([200, {}], [200, {}], [200, {}]);
    await doc.send(get);
    await doc.send(get);
    await doc.send(get);
    // The first expires within the five-minute margin: the second call asks again, the third not.
    expect(asked).toBe(2);
    expect(received.map((r) => r.auth.match(/Credential=(\w+)\//)?.[1])).toEqual(['key1', 'key2', 'key2']);
    doc.destroy();
  });

  it('asks the provider once for calls made at once, and again after a failed ask', async () => {
    let asked = 0;
    const provider = async () => {
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (asked === 1) throw new Error('the metadata service did not answer');
      return { accessKeyId: 'key', secretAccessKey: 's' };
    };
    const doc = client({ credentials: provider });
    answer([200, {}], [200, {}], [200, {}], [200, {}]);
    const first = await Promise.allSettled([doc.send(get), doc.send(get), doc.send(get)]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(asked).toBe(1);
    await Promise.all([doc.send(get), doc.send(get), doc.send(get)]);
    expect(asked).toBe(2);
    doc.destroy();
  });

  it("takes each service's endpoint and the region from the environment as the SDK does, and refuses to guess a region", () => {
    const saved = { ...process.env };
    const credentials = { accessKeyId: 'a', secretAccessKey: 'b' };
    const endpointOf = (protocol = sqsProtocol) => new AwsJsonClient(protocol, { credentials }).endpoint.href;
    try {
      process.env.AWS_REGION = 'ap-southeast-2';
      for (const name of ['AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_SQS', 'AWS_ENDPOINT_URL_KMS'])
        delete process.env[name];
      expect(endpointOf()).toBe('https://sqs.ap-southeast-2.amazonaws.com/');
      expect(endpointOf(kmsProtocol)).toBe('https://kms.ap-southeast-2.amazonaws.com/');
      process.env.AWS_ENDPOINT_URL_SQS = 'http://127.0.0.1:4566';
      expect(endpointOf()).toBe('http://127.0.0.1:4566/');
      process.env.AWS_ENDPOINT_URL = 'http://127.0.0.1:9000';
      expect(endpointOf(kmsProtocol)).toBe('http://127.0.0.1:9000/');
      delete process.env.AWS_REGION;
      delete process.env.AWS_DEFAULT_REGION;
      expect(() => new AwsJsonClient(sqsProtocol, { credentials })).toThrow(/AWS_REGION/);
    } finally {
      process.env = saved;
    }
  });

  it('calls other services by their own target and content type', async () => {
    answer([200, { Plaintext: 'AAE=' }]);
    const kms = new AwsJsonClient(kmsProtocol, {
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
    });
    expect(await kms.call('Decrypt', { CiphertextBlob: 'AQI=' })).toEqual({ Plaintext: 'AAE=' });
    expect(received[0]).toMatchObject({
      target: 'TrentService.Decrypt',
      contentType: 'application/x-amz-json-1.1',
    });
    expect(received[0]!.auth).toMatch(/\/local\/kms\/aws4_request/);
    kms.destroy();
  });
});

describe('the KMS card cipher over KMS’s JSON protocol', () => {
  it('seals with a data key KMS generates and opens with the key KMS decrypts, binary as base64', async () => {
    const dataKey = randomBytes(32);
    const sealedKey = randomBytes(40);
    const kms = () =>
      new AwsJsonClient(kmsProtocol, {
        endpoint,
        region: 'local',
        credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      });
    answer([
      200,
      {
        KeyId: 'arn:key',
        Plaintext: dataKey.toString('base64'),
        CiphertextBlob: sealedKey.toString('base64'),
      },
    ]);
    const sealed = await kmsCardCipher(kms(), 'alias/card').seal('4200000000000000', 'acct#test#card_1');
    expect(received[0]).toMatchObject({
      target: 'TrentService.GenerateDataKey',
      body: { KeyId: 'alias/card', KeySpec: 'AES_256', EncryptionContext: { purpose: 'wattle-card-number' } },
    });
    expect(sealed).not.toContain('4200000000000000');

    // Another container: it has only the sealed number, and asks KMS to open its data key.
    answer([200, { KeyId: 'arn:key', Plaintext: dataKey.toString('base64') }]);
    expect(await kmsCardCipher(kms(), 'alias/card').open(sealed, 'acct#test#card_1')).toBe(
      '4200000000000000',
    );
    expect(received[0]).toMatchObject({
      target: 'TrentService.Decrypt',
      body: {
        CiphertextBlob: sealedKey.toString('base64'),
        EncryptionContext: { purpose: 'wattle-card-number' },
      },
    });
  });
});
