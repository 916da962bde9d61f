// class-transformer keeps its decorator metadata in a module its package does not type under the
// path it is loaded from (Nest's mapped-types loads it the same way).
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
