export * from './platform';
export * from './team';
export * from './users';
