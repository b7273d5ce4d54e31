export * from './payment-simulator.ts';
export * from './test-cards.ts';
