export * from './blob-name';
export * from './blob-store';
export * from './connection-string';
export * from './container-name';
