export * from './fetch-mock';
export * from './posts';
export * from './render';
export * from './session';
