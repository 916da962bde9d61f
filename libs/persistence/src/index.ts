export * from './audit-trail';
export * from './data-source.factory';
export * from './prepared-query';
