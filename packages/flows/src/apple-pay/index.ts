export * from './create-session.ts';
export * from './delete-domain.ts';
export * from './read-domains.ts';
export * from './register-domain.ts';
