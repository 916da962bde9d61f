export * from './files';
export * from './flows';
export * from './identity';
export * from './items';
