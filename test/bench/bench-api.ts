/**
 * The load generator's HTTP client: the e2e helpers' requests (same encoding, same answers) over
 * node:http with keep-alive, as the SDK sends the floor's calls, and without the e2e helpers' check
 * of every answer against the OpenAPI document (the e2e suite makes it). Both cost CPU the service
 * and DynamoDB Local share two cores with: fetch took about twice node:http's per request here,
 * and the floor's replays paid neither.
 */
import { Agent, request } from 'node:http';
import { type Api, type ApiResponse, formBody, type RequestOptions } from '../helpers/stack.ts';

const agent = new Agent({ keepAlive: true });

const send = (
  method: string,
  url: string,
  key: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<ApiResponse> =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      ...options.headers,
    };
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
      payload = options.form ? formBody(body) : JSON.stringify(body);
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const sent = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const answered = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
          answered.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
        const json = (res.headers['content-type'] ?? '').includes('json');
        resolve({
          status: res.statusCode ?? 0,
          headers: answered,
          body: json && text ? JSON.parse(text) : text,
          text,
        });
      });
    });
    sent.on('error', reject);
    sent.end(payload);
  });

export const benchApi = (baseUrl: string, key: string): Api => ({
  get: (path, options) => send('GET', `${baseUrl}${path}`, key, undefined, options),
  post: (path, body, options) => send('POST', `${baseUrl}${path}`, key, body, options),
  put: (path, body, options) => send('PUT', `${baseUrl}${path}`, key, body, options),
  patch: (path, body, options) => send('PATCH', `${baseUrl}${path}`, key, body, options),
  del: (path, body, options) => send('DELETE', `${baseUrl}${path}`, key, body, options),
});
