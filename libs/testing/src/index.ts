export * from './api-client';
export * from './organization.fixture';
export * from './stack';
export * from './stack-profiles';
