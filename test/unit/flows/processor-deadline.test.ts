import { outsideCallReserveMs, timeLeftMs, withDeadline } from '@wattle/deadline';
import type { AuthorisationOutcome, ProcessorCall, Scope } from '@wattle/domain';
import { createPayment } from '@wattle/flows';
import { createMemoryStore } from '@wattle/memory-store';
import { deadline } from '@wattle/runtime/parts';
import { describe, expect, it } from 'vitest';
import { fakeCipher } from '../../fakes/cipher.ts';
import { fakeProcessor, quietLogger } from '../../fakes/processor.ts';
import { fixedClock, sequentialIds } from '../../fakes/system.ts';
import { aChargeRequest } from '../../helpers/builders.ts';

const live: Scope = { accountId: 'acct_slow', environment: 'live' };

/** An acquirer that never answers: the call ends when its signal aborts, its outcome unknown. */
const neverAnswers = () => {
  const processor = fakeProcessor();
  const abortedAt: number[] = [];
  processor.authorise = ({ deadline: signal }: ProcessorCall) =>
    new Promise<AuthorisationOutcome>((resolve) => {
      signal.addEventListener('abort', () => {
        abortedAt.push(Date.now());
        resolve({ outcome: 'unknown', reason: 'No answer from the acquirer' });
      });
    });
  return { processor, abortedAt };
};

/**
 * The budget of an invocation (issue 39): an acquirer that does not answer is given up on early
 * enough that the unknown outcome is still written, on a store bound by the invocation's deadline
 * (the memory engine's, as the DynamoDB store's), so the charge answers Pending with its token,
 * never an Unavailable after the acquirer may have charged the card.
 */
describe("a charge whose acquirer does not answer, within the invocation's deadline", () => {
  it('ends the call the reserve before the deadline and writes the charge unresolved, with its token', async () => {
    const store = createMemoryStore({ cipher: fakeCipher(), timeLeft: timeLeftMs });
    const { processor, abortedAt } = neverAnswers();
    const deps = {
      ...store,
      processorOf: () => processor,
      // The runtime's part: what every processor call of every function carries.
      deadline: deadline(),
      clock: fixedClock('2026-12-07T10:00:00Z'),
      ids: sequentialIds(),
      logger: quietLogger,
    };
    const ms = outsideCallReserveMs + 300;
    const started = Date.now();
    const created = await withDeadline(ms, () => createPayment(deps, live, aChargeRequest()));
    expect(created).toMatchObject({ outcome: 'settled', payment: { state: 'processing' } });
    const token = created.payment.token;
    expect(token).toMatch(/^ch_/);
    // Given up on with the reserve still left: the time to write the outcome and answer.
    expect(abortedAt[0]! - started).toBeLessThan(ms - outsideCallReserveMs + 200);
    expect(await store.payments.get(live, token)).toMatchObject({ token, state: 'processing' });
  });
});
