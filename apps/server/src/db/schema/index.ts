export * from './platform';
export * from './social';
export * from './team';
export * from './users';
