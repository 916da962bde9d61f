// A node's own failure is said in libs/nodes, where the pure node recipes throw it too.
export { NodeError } from '@docket/nodes';
