export * from './environments.ts';
export * from './guards.ts';
export * from './path-pattern.ts';
export * from './route-types.ts';
export * from './routes.ts';
export * from './shell-texts.ts';
