import type { Scope } from '@wattle/domain';
import {
  createBankAccount,
  createRecipient,
  deleteRecipient,
  getRecipient,
  listRecipients,
  listRecipientTransfers,
  updateRecipient,
} from '@wattle/flows';
import { describe, expect, it } from 'vitest';
import { fixedClock, sequentialIds, virtualPacing } from '../../fakes/system.ts';
import { memoryStore } from '../../helpers/memory-store.ts';

const scope: Scope = { accountId: 'acct_1', environment: 'test' };
const other: Scope = { accountId: 'acct_2', environment: 'test' };
const details = { name: 'Mary Jane', bsb: '063000', number: '123456789' };
const month = 31 * 86_400_000;

const setUp = () => {
  const { bankAccountTokens, recipients, transfers, cipher } = memoryStore();
  return {
    bankAccountTokens,
    recipients,
    cipher,
    transfers,
    clock: fixedClock('2026-11-24T10:00:00Z'),
    ids: sequentialIds(),
    pacing: virtualPacing(),
  };
};

const invalidToken = {
  code: 'invalid_resource',
  messages: [
    {
      param: 'bank_account_token',
      message: 'Bank account token is invalid, expired or has already been used',
    },
  ],
};

describe('bank account tokens', () => {
  it('keep the number sealed and show only its last three digits', async () => {
    const deps = setUp();
    const account = await createBankAccount(deps, scope, details);
    expect(account).toMatchObject({
      name: 'Mary Jane',
      number: 'XXXXXX789',
      bankName: 'Commonwealth Bank of Australia',
    });
    const found = (await deps.bankAccountTokens.findUnused(scope, account.token, deps.clock.now()))!;
    expect(found.bankAccount).toEqual(account);
    expect(found.sealedNumber).not.toContain('123456789');
    expect(await deps.cipher.open(found.sealedNumber, `acct_1#test#${account.token}`)).toBe('123456789');
  });
});

describe('creating a recipient', () => {
  it('takes a bank account given with it, sealed', async () => {
    const deps = setUp();
    const recipient = await createRecipient(deps, scope, {
      email: 'm@example.com',
      name: 'M',
      bankAccount: { details },
    });
    expect(recipient.bankAccount).toMatchObject({ number: 'XXXXXX789', bsb: '063000' });
    expect(deps.cipher.sealed).toEqual([
      { plain: '123456789', context: `acct_1#test#${recipient.bankAccount.token}` },
    ]);
    expect(await getRecipient(deps, scope, recipient.token)).toEqual(recipient);
  });

  it('uses a bank account token once: a second recipient with it is refused', async () => {
    const deps = setUp();
    const account = await createBankAccount(deps, scope, details);
    const first = await createRecipient(deps, scope, {
      email: 'a@example.com',
      name: 'A',
      bankAccount: { token: account.token },
    });
    expect(first.bankAccount).toEqual(account);
    await expect(
      createRecipient(deps, scope, {
        email: 'b@example.com',
        name: 'B',
        bankAccount: { token: account.token },
      }),
    ).rejects.toMatchObject(invalidToken);
    expect((await listRecipients(deps, scope, 1)).total).toBe(1);
  });

  it('refuses a token another request used between the read and the commit (TokenUsed)', async () => {
    const deps = setUp();
    const account = await createBankAccount(deps, scope, details);
    const create = deps.recipients.create.bind(deps.recipients);
    deps.recipients.create = async (...args) => {
      // Another request makes its recipient with the token first.
      const sealed = (await deps.bankAccountTokens.findUnused(scope, account.token, deps.clock.now()))!;
      const [, recipient, , event, now] = args;
      await create(
        scope,
        { ...recipient, token: 'rp_other' },
        { from: 'token', sealed },
        { ...event, token: 'evt_other' },
        now,
      );
      return create(...args);
    };
    await expect(
      createRecipient(deps, scope, {
        email: 'a@example.com',
        name: 'A',
        bankAccount: { token: account.token },
      }),
    ).rejects.toMatchObject(invalidToken);
    expect((await listRecipients(deps, scope, 1)).items.map((r) => r.token)).toEqual(['rp_other']);
  });

  it("refuses an expired token and another merchant's", async () => {
    const deps = setUp();
    const account = await createBankAccount(deps, scope, details);
    await expect(
      createRecipient(deps, other, {
        email: 'a@example.com',
        name: 'A',
        bankAccount: { token: account.token },
      }),
    ).rejects.toMatchObject(invalidToken);
    deps.clock.advance(month);
    await expect(
      createRecipient(deps, scope, {
        email: 'a@example.com',
        name: 'A',
        bankAccount: { token: account.token },
      }),
    ).rejects.toMatchObject(invalidToken);
  });
});

describe('changing a recipient', () => {
  it('changes only what is given, and takes a new bank account from a token once', async () => {
    const deps = setUp();
    const recipient = await createRecipient(deps, scope, {
      email: 'm@example.com',
      name: 'M',
      bankAccount: { details },
    });
    const account = await createBankAccount(deps, scope, { ...details, number: '555000111' });
    const updated = await updateRecipient(deps, scope, recipient.token, {
      email: 'new@example.com',
      bankAccount: { token: account.token },
    });
    expect(updated).toMatchObject({ email: 'new@example.com', name: 'M', bankAccount: account });
    expect(deps.cipher.sealed.at(-1)).toEqual({
      plain: '555000111',
      context: `acct_1#test#${account.token}`,
    });
    await expect(
      updateRecipient(deps, scope, recipient.token, { bankAccount: { token: account.token } }),
    ).rejects.toMatchObject(invalidToken);
  });

  it('applies its change again over a change that came in between (Changed), keeping both', async () => {
    const deps = setUp();
    const recipient = await createRecipient(deps, scope, {
      email: 'm@example.com',
      name: 'M',
      bankAccount: { details },
    });
    const update = deps.recipients.update.bind(deps.recipients);
    let rounds = 0;
    deps.recipients.update = async (...args) => {
      if (++rounds === 1)
        await updateRecipient(deps, scope, recipient.token, { name: 'Other', bankAccount: null });
      return update(...args);
    };
    const updated = await updateRecipient(deps, scope, recipient.token, {
      email: 'new@example.com',
      bankAccount: null,
    });
    expect(updated).toMatchObject({ email: 'new@example.com', name: 'Other' });
    expect(await getRecipient(deps, scope, recipient.token)).toEqual(updated);
  });

  it('deletes once; afterwards it and its transfers are not found', async () => {
    const deps = setUp();
    const recipient = await createRecipient(deps, scope, {
      email: 'm@example.com',
      name: 'M',
      bankAccount: { details },
    });
    await deleteRecipient(deps, scope, recipient.token);
    await expect(getRecipient(deps, scope, recipient.token)).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteRecipient(deps, scope, recipient.token)).rejects.toMatchObject({ code: 'not_found' });
    await expect(listRecipientTransfers(deps, scope, recipient.token, 1)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('answers not_found when a racing delete removed it between the read and the commit', async () => {
    const deps = setUp();
    const recipient = await createRecipient(deps, scope, {
      email: 'm@example.com',
      name: 'M',
      bankAccount: { details },
    });
    const update = deps.recipients.update.bind(deps.recipients);
    deps.recipients.update = async (...args) => {
      await deleteRecipient(deps, scope, recipient.token);
      return update(...args);
    };
    await expect(
      updateRecipient(deps, scope, recipient.token, { email: 'new@example.com', bankAccount: null }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
