// The library as the workflow sandbox sees it: the pure nodes only (see pure/pure-nodes.ts).
export * from './control-for-each/for-each.pure';
export * from './node-error';
export * from './pure/pure-node.types';
export * from './pure/pure-nodes';
