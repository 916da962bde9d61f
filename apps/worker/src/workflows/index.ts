/** Entry point of the workflow bundle: every workflow type the worker serves. */
export { flowExecutionWorkflow } from './flow-execution.workflow';
export { scheduledFlowRunWorkflow } from './scheduled-run.workflow';
