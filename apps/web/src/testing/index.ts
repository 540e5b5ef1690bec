export * from './fetch-mock';
export * from './render';
export * from './session';
