export * from './simulator.ts';
export * from './test-cards.ts';
