import { type ApiClient, responseOf } from '../api-client.ts';
import { clockOf, type Made, type Recipe, type TriggerContext } from './recipe.ts';
import { charge, day, sampleCard } from './samples.ts';

/** The dispute test cards (docs/guide/test-cards.md): disputed two days after capture. */
const disputedCard = '4000000000000259';
const withdrawnCard = '4000000000000291';
const arbitrationCard = '4000000000000309';

/** A charge on `card`, then the two days after which the simulated issuer disputes it. */
const opened = async (context: TriggerContext, card = disputedCard) => {
  const { api } = context;
  const paid = await charge(api, { card: sampleCard(card) });
  await clockOf(context)(2 * day + 60);
  const found = responseOf(await api.call('GET', `/1/disputes/search?query=${paid.token}`));
  if (!found[0]) throw new Error(`the charge ${paid.token} was not disputed`);
  return found[0].token as string;
};

/** Evidence with the test word that decides the issuer's review, submitted. */
const submit = async (api: ApiClient, dispute: string, word: 'winning_evidence' | 'losing_evidence') => {
  await api.call('PUT', `/1/disputes/${dispute}/evidence`, { invoice_or_receipt: `Receipt 77: ${word}` });
  await api.call('POST', `/1/disputes/${dispute}/evidence`);
};

/** A dispute on the arbitration card through its review (five days) and arbitration (ten more). */
const arbitrated = async (context: TriggerContext, word: 'winning_evidence' | 'losing_evidence') => {
  const dispute = await opened(context, arbitrationCard);
  await submit(context.api, dispute, word);
  await clockOf(context)(5 * day + 60);
  await clockOf(context)(10 * day + 60);
  return dispute;
};

const recipe = (
  type: Recipe['type'],
  does: string,
  run: (context: TriggerContext) => Promise<string>,
): Recipe => ({
  type,
  needs: 'clock',
  does,
  run: async (context): Promise<Made> => ({ events: context.api, about: await run(context) }),
});

/** Disputes, through the dispute test cards and the clock. */
export const disputeRecipes: Recipe[] = [
  recipe(
    'dispute.evidence_required',
    `charges ${disputedCard}, moves the clock two days: the issuer disputes it`,
    (c) => opened(c),
  ),
  recipe('dispute.evidence_under_review', 'opens a dispute, then submits evidence', async (c) => {
    const dispute = await opened(c);
    await submit(c.api, dispute, 'winning_evidence');
    return dispute;
  }),
  recipe('dispute.won', 'submits evidence with winning_evidence, moves the clock five days', async (c) => {
    const dispute = await opened(c);
    await submit(c.api, dispute, 'winning_evidence');
    await clockOf(c)(5 * day + 60);
    return dispute;
  }),
  recipe('dispute.lost', 'submits evidence with losing_evidence, moves the clock five days', async (c) => {
    const dispute = await opened(c);
    await submit(c.api, dispute, 'losing_evidence');
    await clockOf(c)(5 * day + 60);
    return dispute;
  }),
  recipe('dispute.accepted', 'opens a dispute, then accepts it', async (c) => {
    const dispute = await opened(c);
    await c.api.call('POST', `/1/disputes/${dispute}/accept`);
    return dispute;
  }),
  recipe('dispute.expired', 'opens a dispute, then lets its 14 days for evidence pass', async (c) => {
    const dispute = await opened(c);
    await clockOf(c)(15 * day);
    return dispute;
  }),
  recipe(
    'dispute.cancelled',
    `charges ${withdrawnCard}, whose issuer withdraws the dispute three days on`,
    async (c) => {
      const dispute = await opened(c, withdrawnCard);
      await clockOf(c)(3 * day + 60);
      return dispute;
    },
  ),
  recipe(
    'dispute.resolved',
    `charges ${withdrawnCard}, submits evidence, the issuer withdraws during review`,
    async (c) => {
      const dispute = await opened(c, withdrawnCard);
      await submit(c.api, dispute, 'winning_evidence');
      await clockOf(c)(3 * day + 60);
      return dispute;
    },
  ),
  recipe(
    'dispute.arbitration_under_review',
    `charges ${arbitrationCard}, submits evidence; five days on the issuer takes it to arbitration`,
    async (c) => {
      const dispute = await opened(c, arbitrationCard);
      await submit(c.api, dispute, 'winning_evidence');
      await clockOf(c)(5 * day + 60);
      return dispute;
    },
  ),
  recipe('dispute.arbitration_won', 'arbitration with winning_evidence, then ten days more', (c) =>
    arbitrated(c, 'winning_evidence'),
  ),
  recipe('dispute.arbitration_lost', 'arbitration with losing_evidence, then ten days more', (c) =>
    arbitrated(c, 'losing_evidence'),
  ),
];
