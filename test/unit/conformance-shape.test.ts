import { describe, expect, it } from 'vitest';
import { formatOf, type Json, shapeDifferences } from '../conformance/shape.ts';

/** The conformance suite's comparison (test/conformance/): shape and behaviour, not values. */
const charge = (card: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  response: {
    token: 'ch_EDQYGnLPQMh6PO_f0aZZGw',
    success: true,
    amount: 50000,
    created_at: '2024-11-11T08:47:28Z',
    status_message: 'Success',
    error_message: null,
    card: {
      token: 'card_pJ1BLE6sCmjHnCPooMA_tA',
      display_number: 'XXXX-XXXX-XXXX-0000',
      address_state: null,
      ...card,
    },
    transfer: [],
    metadata: {},
    ...extra,
  },
});

describe('shapeDifferences', () => {
  it('finds none between answers that differ only in values', () => {
    const ours = charge(
      { token: 'card_abcdefghijklmnopqrstuv' },
      { amount: 400, token: 'ch_0123456789abcdefghij-_' },
    );
    expect(shapeDifferences({ status: 201, body: charge() }, { status: 201, body: ours })).toEqual([]);
  });

  it('names missing and extra keys at every depth, and a null against a string', () => {
    const ours = charge({ address_state: '', network_type: null }, { kyc: 'x' });
    delete (ours.response as Record<string, unknown>).metadata;
    expect(shapeDifferences({ status: 201, body: charge() }, { status: 201, body: ours })).toEqual([
      'response.card.address_state: null vs string(empty)',
      'response.card.network_type: missing vs null',
      'response.metadata: object vs missing',
      'response.kyc: missing vs string(text)',
    ]);
  });

  it('tells an integer from a string and from a fraction', () => {
    expect(
      shapeDifferences(
        { status: 201, body: { response: { fee: 905 } } },
        { status: 201, body: { response: { fee: '905' } } },
      ),
    ).toEqual(['response.fee: integer vs string(text)']);
    expect(
      shapeDifferences(
        { status: 201, body: { response: { fee: 905 } } },
        { status: 201, body: { response: { fee: 9.5 } } },
      ),
    ).toEqual(['response.fee: integer vs number']);
  });

  it('compares string formats: token prefixes and lengths, timestamps, masked numbers', () => {
    expect(formatOf('ch_EDQYGnLPQMh6PO_f0aZZGw')).toBe('token ch_+22');
    expect(formatOf('2024-11-11T08:47:28Z')).toBe('timestamp');
    expect(formatOf('2024-11-11T08:47:28.123Z')).toBe('timestamp(9999-99-99T99:99:99.999Z)');
    expect(formatOf('XXX456')).toBe('masked XXX999');
    expect(formatOf('hagrid@hogwarts.wiz')).toBe('email');
    // A random key is a key, whatever letters it starts with.
    expect(formatOf('abc_defGHIjklMNOpqrSTUvwxYZ0123456789-_abcd')).toBe('opaque(43)');
    expect(
      shapeDifferences(
        {
          status: 200,
          body: { response: { token: 'whe_ITe3vojBgIXa76CsshYX7A', key: 'a'.repeat(22), number: 'XXX456' } },
        },
        {
          status: 200,
          body: { response: { token: 'whe_ITe3vojBgIXa76Cssh', key: 'a'.repeat(32), number: 'XXXXXX456' } },
        },
      ),
    ).toEqual([
      'response.token: string(token whe_+22) vs string(token whe_+18)',
      'response.key: string(opaque(22)) vs string(opaque(32))',
      'response.number: string(masked XXX999) vs string(masked XXXXXX999)',
    ]);
  });

  it('compares behavioural values exactly, and messages by param', () => {
    const recorded = {
      error: 'invalid_resource',
      error_description: 'One or more parameters were missing or invalid',
      messages: [
        { code: 'email_invalid', message: "Email can't be blank", param: 'email' },
        { code: 'email_invalid', message: 'Email is not formatted properly', param: 'email' },
        { code: 'card_number_invalid', message: 'Card number is required', param: 'card.number' },
      ],
    };
    const ours = {
      error: 'invalid_resource',
      error_description: 'One or more parameters were missing or invalid',
      messages: [
        { code: 'email_invalid', message: "Email can't be blank", param: 'email' },
        { code: 'card_cvc_invalid', message: 'Card cvc is required', param: 'card.cvc' },
      ],
    };
    expect(shapeDifferences({ status: 422, body: recorded }, { status: 422, body: ours })).toEqual([
      'messages[email]: "Email is not formatted properly" vs missing',
      'messages[card.number]: "Card number is required" vs missing',
      'messages[card.cvc]: missing vs "Card cvc is required"',
    ]);
    expect(
      shapeDifferences(
        { status: 201, body: { response: { status_message: 'Success', captured: true } } },
        { status: 201, body: { response: { status_message: 'Pending', captured: true } } },
      ),
    ).toEqual(['response.status_message: "Success" vs "Pending"']);
  });

  it('reports another status as one difference naming our error and its params', () => {
    const ours = {
      error: 'invalid_resource',
      error_description: 'One or more parameters were missing or invalid',
      messages: [{ code: 'card_token_invalid', message: 'Card token is invalid', param: 'card_token' }],
    };
    expect(shapeDifferences({ status: 201, body: charge() }, { status: 422, body: ours })).toEqual([
      'status: 201 vs 422 invalid_resource (card_token)',
    ]);
  });

  it('compares each item of a list with the recorded one of its type, and an empty list with a full one', () => {
    const events: Json[] = [
      { type: 'charge.succeeded', data: { token: 'ch_EDQYGnLPQMh6PO_f0aZZGw', amount: 1 } },
      { type: 'customer.created', data: { token: 'cus_EDQYGnLPQMh6PO_f0aZZGw', email: 'a@b.c' } },
    ];
    const ours: Json[] = [
      { type: 'customer.created', data: { token: 'cus_0123456789abcdefghijkl', email: null } },
      { type: 'charge.succeeded', data: { token: 'ch_0123456789abcdefghijkl', amount: 1 } },
      { type: 'plan.created', data: {} },
    ];
    expect(
      shapeDifferences(
        { status: 200, body: { response: events } },
        { status: 200, body: { response: ours } },
      ),
    ).toEqual(['response[].data.email: string(email) vs null']);
    expect(
      shapeDifferences({ status: 200, body: { response: events } }, { status: 200, body: { response: [] } }),
    ).toEqual(['response: items vs empty']);
  });

  it('compares a list item with a recorded item of its kind, on kinds only, and page links as numbers or null', () => {
    const recorded = {
      response: [
        {
          captured: true,
          captured_at: '2024-11-11T08:47:28Z',
          card: { scheme: 'master', address_state: null },
        },
        { captured: false, captured_at: null, card: { scheme: 'master', address_state: null } },
      ],
      pagination: { current: 1, previous: null, next: 2, per_page: 25, pages: 3, count: 60 },
    };
    const ours = {
      response: [
        { captured: false, captured_at: null, card: { scheme: 'visa', address_state: null } },
        { captured: true, captured_at: '2026-12-07T10:00:00Z', card: { scheme: 'visa', address_state: '' } },
      ],
      pagination: { current: 1, previous: null, next: null, per_page: 25, pages: 1, count: 2 },
    };
    expect(shapeDifferences({ status: 200, body: recorded }, { status: 200, body: ours })).toEqual([
      'response[].card.address_state: null vs string(empty)',
    ]);
  });
});
