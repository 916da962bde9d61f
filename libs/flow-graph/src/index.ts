// The shape of a flow graph, said once: flows validates drafts with it and the worker's
// workflow walks published graphs with it. Pure and type-only in its imports, because the
// workflow sandbox bundles it (apps/worker/src/temporal/workflow-libraries.ts).
export * from './graph-regions';
