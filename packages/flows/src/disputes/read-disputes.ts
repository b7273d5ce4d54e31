import { type Dispute, type DisputeStatus, PinError, type Scope } from '@wattle/domain';
import type { DisputesStore, Page } from '@wattle/ports';

type Deps = { disputes: Pick<DisputesStore, 'get' | 'all' | 'count'> };

/** How GET /disputes and /disputes/search order the disputes. */
export interface DisputeOrder {
  sort: 'received_at' | 'evidence_required_by' | 'amount';
  /** 1 ascending, -1 descending. */
  direction: 1 | -1;
}

/** What GET /disputes/search filters on: text in the dispute or its charge, and a status. */
export interface DisputeFilter {
  query: string;
  status: DisputeStatus | null;
}

/** The most disputes a list or a search reads and orders (disputes are rare beside charges). */
export const disputesReadLimit = 10_000;

/** The dispute, or 404 (also for another merchant's or environment's). */
export const getDispute = async ({ disputes }: Deps, scope: Scope, token: string): Promise<Dispute> => {
  const dispute = await disputes.get(scope, token);
  if (!dispute) throw new PinError('not_found');
  return dispute;
};

export const countDisputes = ({ disputes }: Deps, scope: Scope): Promise<number> => disputes.count(scope);

const sortValue = (dispute: Dispute, sort: DisputeOrder['sort']): string | number =>
  sort === 'amount'
    ? dispute.amount
    : sort === 'received_at'
      ? dispute.receivedAt
      : dispute.evidenceRequiredBy;

const matches = (dispute: Dispute, { query, status }: DisputeFilter): boolean => {
  if (status && dispute.status !== status) return false;
  const wanted = query.toLowerCase();
  if (wanted === '') return true;
  if (/^\d+$/.test(wanted) && dispute.amount === Number(wanted)) return true;
  return [
    dispute.token,
    dispute.charge.token,
    dispute.charge.description,
    dispute.charge.email,
    dispute.category,
  ]
    .join(' ')
    .toLowerCase()
    .includes(wanted);
};

/**
 * A page of the merchant's disputes, filtered and ordered in full (newest received first among
 * equals): a merchant's disputes are few, so all of them are read and sorted before paging.
 */
export const listDisputes = async (
  { disputes }: Deps,
  scope: Scope,
  order: DisputeOrder,
  page: number,
  filter: DisputeFilter = { query: '', status: null },
): Promise<Page<Dispute>> => {
  const found = (await disputes.all(scope, disputesReadLimit)).filter((d) => matches(d, filter));
  const sorted = found.sort((a, b) => {
    const x = sortValue(a, order.sort);
    const y = sortValue(b, order.sort);
    return order.direction * (x < y ? -1 : x > y ? 1 : 0);
  });
  return { items: sorted.slice((page - 1) * 25, page * 25), total: sorted.length };
};
