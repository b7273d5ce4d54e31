import { PinError } from '@wattle/domain';
import type { Fields } from './fields.ts';

/** The `page` query parameter: 1-based, 1 when absent; anything but a positive integer is refused. */
export const pageOf = (query: Fields): number => {
  const raw = query.page;
  if (raw === undefined || raw === '') return 1;
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw) || Number(raw) < 1) {
    throw new PinError('invalid_resource', {
      messages: [{ param: 'page', code: 'page_invalid', message: 'Page must be a positive whole number' }],
    });
  }
  return Number(raw);
};
