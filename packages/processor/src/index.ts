export * from './payment-simulator.ts';
export * from './simulator.ts';
export * from './test-cards.ts';
