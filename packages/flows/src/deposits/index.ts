export * from './make-deposit.ts';
export * from './read-deposits.ts';
