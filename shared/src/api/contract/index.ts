export * from './auth.ts';
export * from './captured-mail.ts';
export * from './common.ts';
export * from './company.ts';
export * from './health.ts';
export * from './onboarding.ts';
export * from './usage.ts';
export * from './users.ts';
