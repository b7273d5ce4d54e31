import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { processorReferenceOf, type Scope } from '@wattle/domain';
import { captureAuthorisation, createPayment, createRefund, voidPayment } from '@wattle/flows';
import { createMemoryStore, type MemoryStore, memoryRepositoriesOf } from '@wattle/memory-store';
import { jobKinds } from '@wattle/ports';
import { loadProcessorConfig, processorsFor, type RuntimeDeps, randomIds } from '@wattle/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../functions/scheduler/src/jobs.ts';
import { runDueJobs } from '../../functions/scheduler/src/run-due-jobs.ts';
import { keys } from '../../packages/store/src/kernel/keys.ts';
import { type AdyenFake, askedOf, fakeApiKey, startAdyenFake } from '../fakes/adyen.ts';
import { fakeCipher } from '../fakes/cipher.ts';
import { aCardDetails, aChargeRequest } from '../helpers/builders.ts';
import { hangNet } from '../helpers/hang-net.ts';
import { testDeps, useTable } from '../helpers/table.ts';

/**
 * Two Adyen accounts (each its own fake Adyen, its own keys), on both store engines: a payment is
 * made on the live default of the day and recorded on it; its capture, void, refund and the
 * recovery of its unknown outcome go to that account after the default has become the other. A
 * payment recorded before accounts (no account on it, as the code before wrote it) belongs to the
 * live default.
 */
let au: AdyenFake;
let nz: AdyenFake;

beforeAll(async () => {
  [au, nz] = await Promise.all([startAdyenFake(), startAdyenFake()]);
}, hangNet(30_000));

afterAll(async () => {
  await Promise.all([au?.close(), nz?.close()]);
});

const settingsOf = (fake: AdyenFake) => ({
  ADYEN_CHECKOUT_URL: fake.url,
  ADYEN_API_KEY: fakeApiKey,
  ADYEN_MERCHANT_ACCOUNT: fake.merchantAccount,
  ADYEN_HMAC_KEY: fake.hmacKey,
});

/** The deployment's processors with both accounts declared and `live` the default. */
const processorsWith = (live: string) =>
  processorsFor(
    loadProcessorConfig({
      WATTLE_PROCESSOR_ACCOUNTS: JSON.stringify({
        'adyen-au': { connector: 'adyen', settings: settingsOf(au) },
        'adyen-nz': { connector: 'adyen', settings: settingsOf(nz) },
      }),
      WATTLE_LIVE_PROCESSOR: live,
    }),
  );

interface Engine {
  name: string;
  deps: (live: string) => RuntimeDeps;
  /** Takes the recorded account off a stored payment: the payment as the code before accounts wrote it. */
  forgetAccount: (scope: Scope, token: string) => Promise<void>;
}

const table = useTable();
const memory: MemoryStore = createMemoryStore({ cipher: fakeCipher() });

/** The functions' parts over the test table, with both accounts and `live` the default. */
const onTable = (live: string): RuntimeDeps => testDeps(table, processorsWith(live));

const engines: Engine[] = [
  {
    name: 'dynamodb',
    deps: onTable,
    forgetAccount: async (scope, token) => {
      await table.doc.send(
        new UpdateCommand({
          TableName: table.tableName,
          Key: keys.payment(scope, token),
          UpdateExpression: 'REMOVE #p.#a',
          ConditionExpression: 'attribute_exists(#p.#a)',
          ExpressionAttributeNames: { '#p': 'payment', '#a': 'processorAccount' },
        }),
      );
    },
  },
  {
    name: 'memory',
    // The same parts, each repository the memory store's (as the local stack's memory engine composes).
    deps: (live) => ({ ...onTable(live), ...memoryRepositoriesOf(memory) }) as unknown as RuntimeDeps,
    forgetAccount: async (scope, token) => {
      const record = memory.world
        .table<{ payment: Record<string, unknown> }>('payment')
        .get(`${scope.accountId}#${scope.environment}#${token}`);
      expect(record?.payment.processorAccount).toBeDefined();
      delete record!.payment.processorAccount;
    },
  },
];

const liveScope = (): Scope => ({ accountId: randomIds.token('acct'), environment: 'live' });
const hour = 60 * 60 * 1000;

describe.each(engines)('a payment on the $name engine', ({ deps, forgetAccount }) => {
  const authorise = async (on: RuntimeDeps, scope: Scope) =>
    (await createPayment(on, scope, aChargeRequest({ kind: 'authorisation', capture: false }))).payment;
  const charge = async (on: RuntimeDeps, scope: Scope) =>
    (await createPayment(on, scope, aChargeRequest({ source: { kind: 'card', details: aCardDetails() } })))
      .payment;

  it('records the account it was made on', async () => {
    const scope = liveScope();
    const made = await authorise(deps('adyen-au'), scope);
    expect(made).toMatchObject({ state: 'authorised', processorAccount: 'adyen-au' });
    expect(await deps('adyen-au').payments.get(scope, made.token)).toMatchObject({
      processorAccount: 'adyen-au',
    });
    expect(askedOf(au, scope, made.token)).toEqual(['payments']);
    expect(askedOf(nz, scope, made.token)).toEqual([]);
  });

  it('is captured, voided and refunded on its account after the default became the other', async () => {
    const scope = liveScope();
    const before = deps('adyen-au');
    const held = await authorise(before, scope);
    const voidable = await authorise(before, scope);
    const paid = await charge(before, scope);
    expect(paid.processorAccount).toBe('adyen-au');

    const after = deps('adyen-nz');
    // A new payment goes to the new default...
    const fresh = await authorise(after, scope);
    expect(fresh.processorAccount).toBe('adyen-nz');
    expect(askedOf(nz, scope, fresh.token)).toEqual(['payments']);
    // ...and the earlier ones' work to the account that made them.
    expect(await captureAuthorisation(after, scope, held.token, held.amount)).toMatchObject({
      state: 'captured',
    });
    expect(await voidPayment(after, scope, 'authorisation', voidable.token)).toMatchObject({
      state: 'voided',
    });
    const refund = await createRefund(after, scope, paid.token, 400);
    expect(refund.processorAccount).toBe('adyen-au');
    const refundJob = { [jobKinds.refundSettlement]: jobHandlers[jobKinds.refundSettlement]! };
    await runDueJobs(after, new Date(Date.now() + 2 * hour), refundJob);
    expect((await after.refunds.get(scope, refund.token))?.state).not.toBe('failed');
    expect(askedOf(au, scope, held.token)).toEqual(['payments', 'captures']);
    expect(askedOf(au, scope, voidable.token)).toEqual(['payments', 'cancels']);
    expect(askedOf(au, scope, paid.token)).toEqual(['payments', 'refunds']);
    for (const token of [held.token, voidable.token, paid.token])
      expect(askedOf(nz, scope, token)).toEqual([]);
  });

  it('has its unknown outcome recovered on its account after the default became the other', async () => {
    const scope = liveScope();
    au.answerNext('payments', {
      status: 500,
      body: {
        status: 500,
        errorCode: '905',
        message: 'Payment details are not supported',
        errorType: 'configuration',
      },
    });
    const unknown = await charge(deps('adyen-au'), scope);
    expect(unknown).toMatchObject({ state: 'processing', processorAccount: 'adyen-au' });
    const after = deps('adyen-nz');
    await runDueJobs(after, new Date(Date.now() + 2 * hour), {
      [jobKinds.paymentRecovery]: jobHandlers[jobKinds.paymentRecovery]!,
    });
    const asked = au.requests.filter(
      (request) => request.body.reference === processorReferenceOf(scope.accountId, unknown.token),
    );
    // Made once; then cancelled by our reference (as often as the recovery asks again), all at au.
    const operations = asked.map((request) => request.operation);
    expect(operations.filter((operation) => operation === 'payments')).toHaveLength(1);
    expect(operations).toContain('cancels-by-reference');
    expect(new Set(operations)).toEqual(new Set(['payments', 'cancels-by-reference']));
    expect(
      nz.requests.filter(
        (request) => request.body.reference === processorReferenceOf(scope.accountId, unknown.token),
      ),
    ).toEqual([]);
  });

  it('recorded before accounts (none on it), belongs to the live default: captured and refunded there', async () => {
    const scope = liveScope();
    const on = deps('adyen-au');
    const held = await authorise(on, scope);
    const paid = await charge(on, scope);
    await forgetAccount(scope, held.token);
    await forgetAccount(scope, paid.token);
    expect(await on.payments.get(scope, held.token)).not.toHaveProperty('processorAccount');

    expect(await captureAuthorisation(on, scope, held.token, held.amount)).toMatchObject({
      state: 'captured',
    });
    const refund = await createRefund(on, scope, paid.token, 300);
    expect(refund).not.toHaveProperty('processorAccount');
    await runDueJobs(on, new Date(Date.now() + 2 * hour), {
      [jobKinds.refundSettlement]: jobHandlers[jobKinds.refundSettlement]!,
    });
    expect(askedOf(au, scope, held.token)).toEqual(['payments', 'captures']);
    expect(askedOf(au, scope, paid.token)).toEqual(['payments', 'refunds']);
    expect(askedOf(nz, scope, held.token)).toEqual([]);
  });
});
