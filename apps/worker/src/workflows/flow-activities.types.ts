import type {
  ExecutionError,
  ExecutionStatus,
  FlowNode,
  FlowRunInput,
  StepStatus,
} from '@docket/contracts';

/**
 * The contract between the flow-execution workflow and its activities. Types only: the
 * workflow proxies these, the worker's Nest injectables implement them.
 */

/** What every activity needs to know about the run; the graph stays in the workflow. */
export type RunRef = Omit<FlowRunInput, 'graph' | 'input'> & { itemId: string | null };

/** A document the run works on (a file, or one document split out of a file). */
export interface RunDocument {
  documentId: string;
  fileId: string;
  name?: string;
  category?: string;
  pageCount?: number;
  firstPage?: number;
  lastPage?: number;
}

/** The run's data that node configurations and expressions see. */
export interface RunData {
  input: Record<string, unknown>;
  trigger: string;
  fileIds: string[];
  documents: RunDocument[];
  /** Output of every finished node, by node id. */
  nodes: Record<string, unknown>;
  /** The current element and index inside a for-each body. */
  loop?: { item: unknown; index: number };
  /** The reviewer's submission once a review node has finished. */
  review?: unknown;
}

export interface NodeExecution {
  run: RunRef;
  node: FlowNode;
  stepKey: string;
  sequence: number;
  data: RunData;
  /** Ids of the nodes with an edge into this one (what a join gathers). */
  upstream?: string[];
}

export interface NodeOutcome {
  output: unknown;
  /** Branch followed by a branching node (route, for-each). */
  branch?: string;
  /** Replaces the run's document list (split, classify). */
  documents?: RunDocument[];
}

export interface StatusReport {
  run: RunRef;
  seq: number;
  status: ExecutionStatus;
  error?: ExecutionError;
  /**
   * On the run's end: the steps whose end was reported, completed or canceled (see
   * ExecutionStatusEvent).
   */
  stepsCompleted?: number;
  /** On the run's end: the steps that had not ended; they end `canceled` before the run does. */
  unfinished?: UnfinishedStep[];
  /** On the run's end: its `running` status, when the workflow has not recorded it yet. */
  start?: StatusReport;
  /** On the run's end: steps the workflow ended itself and has not recorded yet. */
  steps?: StepReport[];
}

/** What the workflow recorded together: the run's start (when not recorded yet) and steps. */
export interface Recording {
  start?: StatusReport;
  steps: StepReport[];
}

/** A step the run ended in the middle of, and its start when the workflow knows it. */
export interface UnfinishedStep {
  node: FlowNode;
  stepKey: string;
  sequence: number;
  startedAt?: string;
}

/**
 * Step times are stamped by the worker's clock as the activity that records them runs, never
 * by workflow time: a workflow task's clock stands still while its local activities run, so a
 * step the workflow stamped started before the step it follows (and before its own run).
 */
export interface StepReport {
  run: RunRef;
  node: FlowNode;
  stepKey: string;
  sequence: number;
  status: StepStatus;
  /** Stamped when the step is recorded, if absent. */
  startedAt?: string;
  /** Stamped when an ended step is recorded, if absent. */
  completedAt?: string;
  input?: unknown;
  output?: unknown;
  error?: ExecutionError;
}

/** The times a step was recorded with (see StepReport). */
export interface StepTimes {
  startedAt: string;
  completedAt?: string;
}

export interface ReviewOpening {
  execution: NodeExecution;
  seq: number;
}

export interface ReviewClosing {
  execution: NodeExecution;
  seq: number;
  /** The attempt that opened the review: the step keeps it. */
  attempt: number;
  /** When the opening recorded the step's start. */
  startedAt: string;
  outcome: 'submitted' | 'timeout';
  submission?: unknown;
}

export interface FlowActivities {
  /** Records the run as running and creates its item when the flow has item-producing nodes. */
  beginRun(request: { run: RunRef; seq: number; needsItem: boolean }): Promise<{
    itemId: string | null;
    documents: RunDocument[];
  }>;
  /** Executes one node and records its step (input and output scrubbed of variable values). */
  executeNode(request: NodeExecution): Promise<NodeOutcome>;
  /** Moves the run's item to REVIEW, records the waiting step and the in_review status. */
  openReview(
    request: ReviewOpening,
  ): Promise<{ itemId: string; attempt: number; startedAt: string }>;
  /** Records the review step's end and the run back to running. */
  closeReview(request: ReviewClosing): Promise<NodeOutcome>;
  /**
   * Records a step the workflow handled itself (delay); answers the times it stamped. Runs
   * begun before `recordSteps` existed still call it.
   */
  recordStep(request: StepReport): Promise<StepTimes>;
  /**
   * Records the run's start and steps the workflow handled itself (pure nodes, delays), in
   * order, in one local activity; answers the times each step was stamped with.
   */
  recordSteps(recording: Recording): Promise<StepTimes[]>;
  /**
   * Ends the steps left unfinished (`canceled`), moves the item to COMPLETE, FAILED or CANCELED
   * and records the terminal status.
   */
  finishRun(request: StatusReport): Promise<void>;
  /** A schedule tick: asks the flows service to launch the run; null when nothing started. */
  startScheduledRun(request: {
    organizationId: string;
    flowId: string;
    tickKey: string;
  }): Promise<string | null>;
}
