export * from './blob-created.contracts';
export * from './documents.contracts';
export * from './file.contracts';
export * from './file-ready.event';
export * from './file-status';
