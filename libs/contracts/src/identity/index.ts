export * from './api-key.contracts';
export * from './directory.contracts';
export * from './token.contracts';
