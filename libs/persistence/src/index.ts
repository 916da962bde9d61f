export * from './audit-trail';
export * from './data-source.factory';
export * from './observed-pg-client';
export * from './prepared-query';
export * from './service-transactions';
