import { routeKey, routes } from '@wattle/routes';
import { api } from '../helpers/stack.ts';
import { createAccount } from './accounts.ts';
import type { RehearsalContext } from './context.ts';
import type { Invocation } from './gateway.ts';

export const exerciseRoutes = async (context: RehearsalContext): Promise<void> => {
  const { gateway } = context;
  const merchant = await createAccount(context, 'Rehearsal Shop');
  const shop = api(gateway.baseUrl, merchant.test!.secretKey);
  const card = await shop.post('/1/cards', {
    number: '5520000000000000',
    expiry_month: '05',
    expiry_year: '2030',
    cvc: '123',
    name: 'Roland Robot',
    address_line1: '42 Sevenoaks St',
    address_city: 'Lathlain',
    address_postcode: '6454',
    address_state: 'WA',
    address_country: 'Australia',
  });
  console.log(card.status, card.text.slice(0, 300));
  const balance = await shop.get('/1/balance');
  console.log(balance.status, balance.text.slice(0, 300));
};

export const routeCoverage = (invocations: Invocation[]): { ok: boolean; text: string }[] => {
  const answered = new Map<string, number[]>();
  for (const invocation of invocations)
    answered.set(invocation.routeKey, [...(answered.get(invocation.routeKey) ?? []), invocation.status]);
  return routes.map((route) => {
    const key = routeKey(route);
    const statuses = answered.get(key) ?? [];
    const ok = statuses.length > 0 && statuses.every((status) => status < 400);
    return { ok, text: `${key} (${route.fn}) ${statuses.length ? statuses.join(', ') : 'not requested'}` };
  });
};
