import { createHash } from 'node:crypto';
import { Sha256 } from '@smithy/core/checksum';
import { extendedEncodeURIComponent } from '@smithy/core/protocols';
import { HttpRequest } from '@smithy/core/transport';
import { SignatureV4 } from '@smithy/signature-v4';
import { presignQuery, signRequest, uriEncode } from '@wattle/aws-json';
import { describe, expect, it } from 'vitest';

/**
 * @wattle/aws-json's signer against the SDK's SignatureV4 configured as S3 signs: the path signed
 * as sent (`uriEscapePath: false`), the payload's hash in x-amz-content-sha256. The JSON
 * protocols' POST is compared in aws-json-client.test.ts.
 */
const region = 'ap-southeast-2';
const host = 'wattle-files.s3.ap-southeast-2.amazonaws.com';
const now = new Date('2026-11-25T01:02:03.456Z');
// A key whose segments need encoding, encoded once as S3 wants it sent.
const path = `/${['acct_s3', 'live', "reçu (final) d'été!*.pdf"].map(uriEncode).join('/')}`;
const sdkFor = (credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }) =>
  new SignatureV4({ service: 's3', region, credentials, sha256: Sha256, uriEscapePath: false });

for (const sessionToken of [undefined, 'session/token+with=odd&chars']) {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG', sessionToken };
  const withToken = sessionToken ? ', the session token included' : '';

  describe(`signing S3 requests${withToken}`, () => {
    const cases: {
      method: string;
      body?: Uint8Array;
      headers?: Record<string, string>;
      query?: Record<string, string>;
    }[] = [
      {
        method: 'PUT',
        body: new TextEncoder().encode('%PDF-1.4'),
        headers: { 'content-type': 'application/pdf' },
      },
      { method: 'GET' },
      { method: 'GET', query: { 'x-id': 'GetObject', 'response-content-type': 'text/plain; charset=utf-8' } },
      { method: 'DELETE' },
    ];
    for (const { method, body, headers = {}, query } of cases) {
      it(`signs a ${method}${query ? ' with a query' : ''} as the SDK's SignatureV4 does`, async () => {
        const expected = await sdkFor(credentials).sign(
          new HttpRequest({
            method,
            protocol: 'https:',
            hostname: host,
            path,
            ...(query ? { query } : {}),
            headers: { ...headers, host },
            body,
          }),
          { signingDate: now },
        );
        const payloadHash = createHash('sha256')
          .update(body ?? '')
          .digest('hex');
        const ours = signRequest(
          {
            method,
            host,
            path,
            ...(query ? { query } : {}),
            headers: { ...headers, 'x-amz-content-sha256': payloadHash },
            payloadHash,
            region,
            service: 's3',
            now,
          },
          credentials,
        );
        expect(ours.authorization).toBe(expected.headers.authorization);
        expect(ours['x-amz-content-sha256']).toBe(expected.headers['x-amz-content-sha256']);
        expect(ours['x-amz-security-token']).toBe(sessionToken);
      });
    }

    it("presigns a GET as the SDK's SignatureV4 presigns it, byte for byte", async () => {
      const query = {
        'response-content-type': 'application/pdf',
        'response-content-disposition': `attachment; filename="re_u (final).pdf"; filename*=UTF-8''re%C3%A7u`,
        'x-id': 'GetObject',
      };
      const presigned = await sdkFor(credentials).presign(
        new HttpRequest({
          method: 'GET',
          protocol: 'https:',
          hostname: host,
          path,
          query,
          // Hoisted into the query by the SDK, and the payload's hash signed as unsigned.
          headers: { host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
        }),
        { signingDate: now, expiresIn: 900 },
      );
      // The SDK presigner's URL: its query's names sorted, names and values encoded.
      const sdkQuery = presigned.query as Record<string, string>;
      const expected = Object.keys(sdkQuery)
        .sort()
        .map((name) => `${extendedEncodeURIComponent(name)}=${extendedEncodeURIComponent(sdkQuery[name]!)}`)
        .join('&');
      const ours = presignQuery(
        {
          method: 'GET',
          host,
          path,
          query: { ...query, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
          headers: {},
          payloadHash: 'UNSIGNED-PAYLOAD',
          region,
          service: 's3',
          now,
        },
        credentials,
        900,
      );
      expect(ours).toBe(expected);
      expect(new URLSearchParams(ours).get('X-Amz-Security-Token')).toBe(sessionToken ?? null);
    });
  });
}
