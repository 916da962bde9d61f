export * from './data-source.factory';
