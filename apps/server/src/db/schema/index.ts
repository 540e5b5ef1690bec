export * from './analytics';
export * from './platform';
export * from './posts';
export * from './social';
export * from './team';
export * from './users';
