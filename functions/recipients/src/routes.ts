import {
  type BankAccountDetails,
  fieldIssue,
  type Ids,
  invalidToken,
  newBankAccount,
  newEvent,
  PinError,
  presentRecipient,
  presentTransfer,
  type Recipient,
  type Scope,
  toTimestamp,
} from '@wattle/domain';
import { commitUsingToken } from '@wattle/flows';
import {
  bankAccountFields,
  emailField,
  exactlyOneOf,
  listOf,
  noContent,
  optionalText,
  pageOf,
  type RouteHandler,
  resource,
  scopeOf,
  tokenField,
  updatedText,
  validate,
} from '@wattle/http';
import { type BankAccountIntake, retryOnChange, type Store } from '@wattle/store';
import * as v from 'valibot';

const bankAccountSource = {
  bank_account: v.optional(v.object(bankAccountFields(), 'is invalid')),
  bank_account_token: v.optional(tokenField()),
};

const createSchema = v.object({ email: emailField(), name: optionalText(), ...bankAccountSource });
const updateSchema = v.object({ email: v.optional(emailField()), name: updatedText(), ...bankAccountSource });

/** A recipient's bank account: new details sealed now, or an unused bank account token. */
const intakeOf = async (
  store: Store,
  ids: Ids,
  scope: Scope,
  input: { bank_account?: BankAccountDetails | undefined; bank_account_token?: string | undefined },
  now: Date,
): Promise<BankAccountIntake | null> => {
  if (input.bank_account) {
    const account = newBankAccount(input.bank_account, ids.token('ba'), toTimestamp(now));
    return {
      from: 'new',
      sealed: await store.bankAccountTokens.seal(scope, account, input.bank_account.number),
    };
  }
  if (!input.bank_account_token) return null;
  const sealed = await store.bankAccountTokens.findUnused(scope, input.bank_account_token, now);
  if (!sealed) throw invalidToken('bank_account_token');
  return { from: 'token', sealed };
};

const usingToken = <T>(commit: () => Promise<T>) => commitUsingToken('bank_account_token', commit);

/** POST /recipients: email, optional name, and a bank account (object or token, exactly one). */
export const createRecipient: RouteHandler = async (request, { store, ids, clock }) => {
  const now = clock.now();
  const input = validate(createSchema, request.body, {
    also: exactlyOneOf(request.body, ['bank_account', 'bank_account_token']),
  });
  const scope = scopeOf(request);
  const intake = (await intakeOf(store, ids, scope, input, now))!;
  const recipient: Recipient = {
    token: ids.token('rp'),
    name: input.name,
    email: input.email,
    createdAt: toTimestamp(now),
    bankAccount: intake.sealed.value,
  };
  const event = newEvent(ids, 'recipient.created', presentRecipient(recipient), recipient.createdAt);
  await usingToken(() => store.recipients.create(scope, recipient, intake, event, now));
  return resource(201, presentRecipient(recipient));
};

const load = async (store: Store, scope: Scope, token: string) => {
  const loaded = await store.recipients.get(scope, token);
  if (!loaded) throw new PinError('not_found');
  return loaded;
};

export const getRecipient: RouteHandler = async (request, { store }) =>
  resource(
    200,
    presentRecipient((await load(store, scopeOf(request), request.params.recipient_token!)).recipient),
  );

export const listRecipients: RouteHandler = async (request, { store }) => {
  const page = pageOf(request.query);
  return listOf('full', page, await store.recipients.list(scopeOf(request), page), presentRecipient);
};

/** DELETE /recipients/{token}: 204; the transfers already paid to it keep its bank account. */
export const deleteRecipient: RouteHandler = async (request, { store, ids, clock }) => {
  const scope = scopeOf(request);
  await retryOnChange('recipient', async () => {
    const loaded = await load(store, scope, request.params.recipient_token!);
    const now = clock.now();
    const event = newEvent(ids, 'recipient.deleted', presentRecipient(loaded.recipient), toTimestamp(now));
    await store.recipients.delete(scope, loaded, event, now);
  });
  return noContent();
};

/** GET /recipients/{token}/transfers: the transfers paid to one recipient, newest first. */
export const listRecipientTransfers: RouteHandler = async (request, { store }) => {
  const scope = scopeOf(request);
  const { recipient } = await load(store, scope, request.params.recipient_token!);
  const page = pageOf(request.query);
  return listOf(
    'full',
    page,
    await store.transfers.listForRecipient(scope, recipient.token, page),
    presentTransfer,
  );
};

/** PUT /recipients/{token}: email, name, and a new bank account (object or token), all optional. */
export const updateRecipient: RouteHandler = async (request, { store, ids, clock }) => {
  const now = clock.now();
  if (request.body.bank_account !== undefined && request.body.bank_account_token !== undefined) {
    throw new PinError('invalid_resource', {
      messages: [fieldIssue('bank_account_token', 'cannot be given together with bank account')],
    });
  }
  const input = validate(updateSchema, request.body);
  const scope = scopeOf(request);
  const intake = await intakeOf(store, ids, scope, input, now);
  const updated = await retryOnChange('recipient', async () => {
    const loaded = await load(store, scope, request.params.recipient_token!);
    const recipient: Recipient = {
      ...loaded.recipient,
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(intake ? { bankAccount: intake.sealed.value } : {}),
    };
    const event = newEvent(ids, 'recipient.updated', presentRecipient(recipient), toTimestamp(now));
    await usingToken(() => store.recipients.update(scope, loaded, recipient, intake, event, now));
    return recipient;
  });
  return resource(200, presentRecipient(updated));
};
