export * from './api-client';
export { demoReceiverPort as demoReceiverPortOf } from './demo-receiver/demo-receiver-port';
export * from './idp/dev-idp-settings';
export * from './organization.fixture';
export * from './sso';
export * from './stack';
export * from './stack-profiles';
export * from './test-data-source';
