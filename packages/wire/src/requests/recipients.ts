import * as v from 'valibot';
import { nestedBankAccount } from '../bank-account-input.ts';
import { emailField, optionalText, tokenField, updatedText } from '../validation.ts';

/** A recipient's bank account: its details or a bank account token (exactly one on create). */
const bankAccountSource = {
  bank_account: v.optional(nestedBankAccount()),
  bank_account_token: v.optional(tokenField()),
};

/** POST /recipients. */
export const createRecipientSchema = v.object({
  email: emailField(),
  name: optionalText(),
  ...bankAccountSource,
});

/** PUT /recipients/{token}: every field optional. */
export const updateRecipientSchema = v.object({
  email: v.optional(emailField()),
  name: updatedText(),
  ...bankAccountSource,
});
