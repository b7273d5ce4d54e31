export * from './bank-account-intake.ts';
export * from './create-recipient.ts';
export * from './delete-recipient.ts';
export * from './read-recipients.ts';
export * from './update-recipient.ts';
