import { PinError } from '@wattle/domain';
import type { Fields } from './fields.ts';

/** The last page a list serves: reaching a page means reading every item before it. */
export const maxPage = 10_000;

const pageInvalid = (message: string): PinError =>
  new PinError('invalid_resource', { messages: [{ param: 'page', code: 'page_invalid', message }] });

/** The `page` query parameter: 1-based, 1 when absent; anything but a whole number in 1..maxPage is refused. */
export const pageOf = (query: Fields): number => {
  const raw = query.page;
  if (raw === undefined || raw === '') return 1;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || Number(raw) < 1) {
    throw pageInvalid('Page must be a positive whole number');
  }
  if (Number(raw) > maxPage) throw pageInvalid(`Page must be at most ${maxPage}`);
  return Number(raw);
};
