export * from './admin';
export * from './analytics';
export * from './billing';
export * from './platform';
export * from './posts';
export * from './social';
export * from './team';
export * from './users';
