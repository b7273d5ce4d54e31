export * from './card-intake.ts';
export * from './create-card.ts';
