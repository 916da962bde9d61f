export * from './common/audit-event';
export * from './common/page-box';
export * from './files';
export * from './flows';
export * from './identity';
export * from './items';
