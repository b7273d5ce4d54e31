import { describe, expect, it } from 'vitest';
import { checkAgainstDocument } from '../helpers/openapi-check.ts';

const base = 'http://localhost:4010/test';
const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body,
  text: JSON.stringify(body),
});

const balance = { response: { available: [{ amount: 100, currency: 'AUD' }], pending: [] } };

describe('checking an answer against the OpenAPI document', () => {
  it('passes an answer the document allows, and any Pin error body', () => {
    expect(() => checkAgainstDocument('GET', `${base}/1/balance`, json(200, balance))).not.toThrow();
    const error = { error: 'throttled', error_description: 'Slow down.' };
    expect(() => checkAgainstDocument('GET', `${base}/1/balance`, json(503, error))).not.toThrow();
  });

  it('fails a body the document does not allow, naming the route, status and field', () => {
    const extra = { response: { ...balance.response, surprise: 1 } };
    expect(() => checkAgainstDocument('GET', `${base}/1/balance`, json(200, extra))).toThrow(
      /GET \/1\/balance answered 200, a body the document does not allow: \/response must NOT have additional properties \("surprise"\)/,
    );
    const wrongType = { response: { available: [{ amount: '100', currency: 'AUD' }], pending: [] } };
    expect(() => checkAgainstDocument('GET', `${base}/1/balance`, json(200, wrongType))).toThrow(
      /\/response\/available\/0\/amount must be integer/,
    );
    expect(() =>
      checkAgainstDocument('GET', `${base}/1/balance`, json(422, { error: 'invalid_resource' })),
    ).toThrow(/must have required property 'error_description'/);
  });

  it('fails a body on a 204 and a content type the document does not give', () => {
    const del = `${base}/1/customers/cus_x`;
    expect(() =>
      checkAgainstDocument('DELETE', del, { status: 204, contentType: '', body: '', text: '' }),
    ).not.toThrow();
    expect(() => checkAgainstDocument('DELETE', del, json(204, {}))).toThrow(
      /with a body; the document gives none/,
    );
    expect(() =>
      checkAgainstDocument('GET', `${base}/1/balance`, {
        status: 200,
        contentType: 'text/html',
        body: '',
        text: '',
      }),
    ).toThrow(/with text\/html; the document gives application\/json/);
  });

  it('leaves alone what the route table does not hold', () => {
    const odd = json(200, { anything: true });
    expect(() => checkAgainstDocument('GET', 'http://localhost:4010/_local/clock', odd)).not.toThrow();
    expect(() => checkAgainstDocument('GET', `${base}/1/nothing-here`, odd)).not.toThrow();
    expect(() => checkAgainstDocument('PATCH', `${base}/1/balance`, odd)).not.toThrow();
  });
});
