export * from './create-transfer.ts';
export * from './pay-out-transfer.ts';
export * from './read-transfers.ts';
export * from './return-transfer.ts';
