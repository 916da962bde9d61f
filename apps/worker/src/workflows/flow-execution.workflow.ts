import type {
  ExecutionError,
  FlowEdge,
  FlowGraph,
  FlowNode,
  FlowRunInput,
} from '@docket/contracts';
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  defineQuery,
  defineSignal,
  isCancellation,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  sleep,
  TimeoutFailure,
} from '@temporalio/workflow';

import { NodeError } from '../nodes/node-error';
import { evaluatePureNode, isPureNode } from '../nodes/pure-nodes';
import { stepInputOf } from '../runs/step-input';
import type {
  FlowActivities,
  NodeExecution,
  NodeOutcome,
  RunData,
  RunRef,
  StatusReport,
  StepReport,
  StepTimes,
  UnfinishedStep,
} from './flow-activities.types';
import { followedEdges, GraphPlan, planGraph, Region } from './graph-plan';
import {
  activityOptionsFor,
  LOCAL_BOOKKEEPING_OPTIONS,
  LOCAL_EVALUATION_OPTIONS,
  runsLocally,
} from './node-activity-options';
import {
  ITEM_CLOSED_SIGNAL,
  ItemClosure,
  REVIEW_SUBMITTED_SIGNAL,
  ReviewSubmission,
} from './review-signal';

/** The items service signals this when a reviewer submits the run's item. */
export const reviewSubmittedSignal = defineSignal<[ReviewSubmission]>(REVIEW_SUBMITTED_SIGNAL);
/** ... and this when a reviewer or an Admin closes the item without completing it. */
export const itemClosedSignal = defineSignal<[ItemClosure]>(ITEM_CLOSED_SIGNAL);
/** Which node the run is at; for operators (the API reads the PostgreSQL read model). */
export const currentNodesQuery = defineQuery<string[]>('currentNodes');

export interface FlowRunResult {
  status: 'completed' | 'canceled';
  itemId: string | null;
}

const bookkeeping = proxyLocalActivities<FlowActivities>(LOCAL_BOOKKEEPING_OPTIONS);

/**
 * Evaluation steps one expression may take inside the workflow: 7-70 ms of JSONata on the loaded
 * 2-core machine (1.4-14 us a step), while a node's expression typically takes 5-100 steps. The
 * workflow's clock stands still, so the 1 s time limit cannot apply there: an expression that
 * needs more steps is evaluated again by an activity, where it does.
 */
const WORKFLOW_EXPRESSION_STEPS = 5_000;

/** Runs begun before this patch evaluate every node in an activity; replays must too. */
const PURE_NODES_IN_WORKFLOW = 'pure-nodes-in-workflow';

/** Where a node runs: cheap evaluation locally in the worker, everything else on the queue. */
function nodeActivities(type: FlowNode['type'], stepKey: string): FlowActivities {
  return runsLocally(type)
    ? proxyLocalActivities<FlowActivities>(LOCAL_EVALUATION_OPTIONS)
    : proxyActivities<FlowActivities>(activityOptionsFor(type, stepKey));
}

/** The run's item was closed: the run stops where it is and ends canceled. */
class ItemClosedError extends Error {
  constructor(readonly closure: ItemClosure) {
    super('The item was closed');
    this.name = 'ItemClosedError';
  }
}

/** A node failed for good (its retries are spent); the run fails naming it. */
class NodeFailedError extends Error {
  constructor(readonly failure: ExecutionError) {
    super(failure.message);
    this.name = 'NodeFailedError';
  }
}

/**
 * One run of a flow: interprets the version snapshot node by node, one activity per node
 * execution. Nodes become ready when every incoming edge is settled and at least one was
 * followed (dead paths are skipped), so routes, joins and parallel branches need no special
 * casing; for-each bodies run as sub-regions once per element.
 */
export async function flowExecutionWorkflow(input: FlowRunInput): Promise<FlowRunResult> {
  const interpreter = new FlowInterpreter(input);
  setHandler(reviewSubmittedSignal, (submission) => interpreter.receive(submission));
  setHandler(itemClosedSignal, (closure) => interpreter.close(closure));
  setHandler(currentNodesQuery, () => [...interpreter.current.keys()]);
  return interpreter.execute();
}

class FlowInterpreter {
  /** Steps begun and not ended, by step key: if the run ends now, they end `canceled`. */
  readonly current = new Map<string, UnfinishedStep>();
  private readonly plan: GraphPlan;
  private readonly run: RunRef;
  private readonly data: RunData;
  private readonly submissions: ReviewSubmission[] = [];
  private closure?: ItemClosure;
  private statusSeq = 0;
  private stepSequence = 0;
  /** Steps whose completion the worker has reported (the node's activity returned). */
  private stepsCompleted = 0;
  /** Whether pure nodes are evaluated here rather than by an activity (see runPureNode). */
  private evaluatesPureNodes = false;
  /** Steps the workflow ended and has not recorded: they go with the next recording. */
  private unrecorded: StepReport[] = [];
  /** The run's `running` status, when it goes with the first recording (see begin). */
  private unrecordedStart?: StatusReport;
  /** The last recording of steps: each waits for the one before, so times never go back. */
  private recording: Promise<unknown> = Promise.resolve();

  constructor(private readonly input: FlowRunInput) {
    this.plan = planGraph(input.graph);
    const { graph: _graph, input: _data, ...ref } = input;
    this.run = { ...ref, itemId: null };
    this.data = {
      input: input.input,
      trigger: input.trigger,
      fileIds: input.fileIds,
      documents: [],
      nodes: {},
    };
  }

  receive(submission: ReviewSubmission): void {
    this.submissions.push(submission);
  }

  close(closure: ItemClosure): void {
    if (this.run.itemId === null || closure.itemId === this.run.itemId) this.closure = closure;
  }

  private assertOpen(): void {
    if (this.closure) throw new ItemClosedError(this.closure);
  }

  async execute(): Promise<FlowRunResult> {
    // Secrets are masked in what a step records, and only an activity holds them: a run with
    // an environment (variables) has its nodes evaluated there.
    this.evaluatesPureNodes = this.input.environmentId === null && patched(PURE_NODES_IN_WORKFLOW);
    try {
      await this.beginRun();
      await this.runRegion(this.plan.main, this.data, '');
      await this.finish('completed');
      return { status: 'completed', itemId: this.run.itemId };
    } catch (error) {
      if (isCancellation(error)) {
        await CancellationScope.nonCancellable(() => this.finish('canceled'));
        throw error;
      }
      if (error instanceof ItemClosedError) {
        // The item stays CLOSED (the reviewer's decision); the run ends without failing.
        await this.finish('canceled', {
          code: 'ITEM_CLOSED',
          message: `The item was closed by ${error.closure.closedBy.name}${
            error.closure.reason ? `: ${error.closure.reason}` : ''
          }`,
        });
        return { status: 'canceled', itemId: this.run.itemId };
      }
      const failure =
        error instanceof NodeFailedError
          ? error.failure
          : { code: 'RUN_FAILED', message: messageOf(error) };
      await this.finish('failed', failure);
      throw ApplicationFailure.nonRetryable(failure.message, failure.code, failure);
    }
  }

  /**
   * A run without an item or files has nothing to prepare: its `running` status goes with the
   * first recording of steps, before anything that waits (or with its end), instead of a local
   * activity of its own. Other runs begin in an activity that prepares them.
   */
  private async beginRun(): Promise<void> {
    const needs = needsItem(this.input.graph);
    if (this.evaluatesPureNodes && !needs && this.input.fileIds.length === 0) {
      this.unrecordedStart = { run: { ...this.run }, seq: this.nextSeq(), status: 'running' };
      return;
    }
    const begun = await bookkeeping.beginRun({
      run: this.run,
      seq: this.nextSeq(),
      needsItem: needs,
    });
    this.run.itemId = begun.itemId;
    this.data.documents = begun.documents;
  }

  /** Records the run's end once every recording of its steps before it is done. */
  private async finish(
    status: 'completed' | 'failed' | 'canceled',
    error?: ExecutionError,
  ): Promise<void> {
    await this.recording;
    await bookkeeping.finishRun(this.ending(status, error));
  }

  /**
   * Records the run's start if it is not recorded, the steps the workflow ended and has not
   * recorded, then `starting` (steps that begin now), in one local activity after the recordings before it; answers the times of
   * `starting`. Not canceled with the run: a step counted as ended is recorded as ended.
   */
  private recordSteps(starting: StepReport[] = []): Promise<StepTimes[]> {
    const start = this.unrecordedStart;
    this.unrecordedStart = undefined;
    const steps = [...this.unrecorded.splice(0), ...starting];
    const recorded = this.recording.then(() =>
      steps.length === 0 && !start
        ? []
        : CancellationScope.nonCancellable(() =>
            bookkeeping.recordSteps({ ...(start ? { start } : {}), steps }),
          ),
    );
    this.recording = recorded.catch(() => undefined);
    return recorded.then((times) => times.slice(times.length - starting.length));
  }

  /** The run's last status report, with the count of steps the read model must show first. */
  private ending(
    status: 'completed' | 'failed' | 'canceled',
    error?: ExecutionError,
  ): StatusReport {
    const unfinished = [...this.current.values()];
    const steps = this.unrecorded.splice(0);
    const start = this.unrecordedStart;
    this.unrecordedStart = undefined;
    return {
      run: this.run,
      seq: this.nextSeq(),
      status,
      ...(error ? { error } : {}),
      ...(start ? { start } : {}),
      ...(steps.length > 0 ? { steps } : {}),
      // The read model shows the end once it shows every ended step, the canceled ones too.
      stepsCompleted: this.stepsCompleted + unfinished.length,
      ...(unfinished.length > 0 ? { unfinished } : {}),
    };
  }

  private nextSeq(): number {
    this.statusSeq += 1;
    return this.statusSeq;
  }

  /** Walks one region (the main graph or one loop iteration) until nothing is ready. */
  private async runRegion(region: Region, data: RunData, suffix: string): Promise<void> {
    const incoming = countBy(region.edges, (edge) => edge.to);
    const settled = new Map<string, number>();
    const followed = new Map<string, number>();
    let ready = [...region.entries];

    const settle = (edge: FlowEdge, taken: boolean, next: string[]): void => {
      settled.set(edge.to, (settled.get(edge.to) ?? 0) + 1);
      if (taken) followed.set(edge.to, (followed.get(edge.to) ?? 0) + 1);
      if (settled.get(edge.to) !== (incoming.get(edge.to) ?? 0)) return;
      if ((followed.get(edge.to) ?? 0) > 0) next.push(edge.to);
      // A node on a dead path is skipped, and so is everything only it leads to.
      else for (const out of outgoingOf(region, edge.to)) settle(out, false, next);
    };

    while (ready.length > 0) {
      this.assertOpen();
      const batch = [...ready].sort((a, b) => this.orderOf(a) - this.orderOf(b));
      ready = [];
      const results = await Promise.all(
        batch.map(async (id) => ({ id, taken: await this.runNode(id, region, data, suffix) })),
      );
      for (const { id, taken } of results) {
        for (const edge of outgoingOf(region, id)) settle(edge, taken.includes(edge), ready);
      }
    }
  }

  private orderOf(id: string): number {
    return this.plan.order.get(id) ?? 0;
  }

  /** Runs one node; returns the outgoing edges it follows. */
  private async runNode(
    id: string,
    region: Region,
    data: RunData,
    suffix: string,
  ): Promise<FlowEdge[]> {
    const node = this.plan.nodes.get(id) as FlowNode;
    const outgoing = outgoingOf(region, id);
    const stepKey = suffix ? `${id}#${suffix}` : id;
    if (node.type === 'utility.delay') return this.runDelay(node, stepKey, data, outgoing);
    if (node.type === 'action.review') return this.runReview(node, stepKey, data, outgoing);
    const execution = this.executionOf(node, stepKey, data);
    if (node.type === 'control.join') {
      execution.upstream = region.edges.filter((e) => e.to === id).map((e) => e.from);
    }
    const outcome = (await this.runPureNode(execution)) ?? (await this.runNodeActivity(execution));
    data.nodes[id] = outcome.output;
    if (outcome.documents) data.documents = outcome.documents;
    if (node.type === 'control.for-each') {
      data.nodes[id] = await this.runLoop(node, outcome.output, data, suffix);
      return followedEdges(node, outgoing, 'done');
    }
    return followedEdges(node, outgoing, outcome.branch);
  }

  /**
   * Evaluates a pure node here, without an activity, and leaves its step to be recorded with
   * the next recording. Its record is what the activity's would be (first attempt, the same
   * input and output, times stamped when recorded); a node failure fails the run as the
   * activity's would (NodeErrors are final). Undefined when an activity has to evaluate it.
   */
  private async runPureNode(execution: NodeExecution): Promise<NodeOutcome | undefined> {
    const { run, node, stepKey, sequence } = execution;
    if (!this.evaluatesPureNodes || !isPureNode(node.type)) return undefined;
    const step = { run, node, stepKey, sequence, input: stepInputOf(execution) };
    try {
      const outcome = await evaluatePureNode(execution, WORKFLOW_EXPRESSION_STEPS);
      this.unrecorded.push({ ...step, status: 'completed', output: outcome.output });
      this.end(stepKey);
      return outcome;
    } catch (error) {
      // Anything else (an expression over the budget, an unexpected error) is the activity's
      // to evaluate, with its clock and its retries.
      if (!(error instanceof NodeError) || error.retryable) return undefined;
      const failure = {
        code: error.code,
        message: error.message,
        nodeId: node.id,
        nodeName: node.name ?? node.id,
      };
      this.unrecorded.push({ ...step, status: 'failed', error: failure });
      this.end(stepKey, false);
      throw new NodeFailedError(failure);
    }
  }

  /** Runs a node in an activity, which records the step's start and end itself. */
  private async runNodeActivity(execution: NodeExecution): Promise<NodeOutcome> {
    const { node, stepKey } = execution;
    // The steps before it show before it starts.
    await this.recordSteps();
    this.begin(node, stepKey, execution.sequence);
    const outcome = await this.guard(node, stepKey, () =>
      nodeActivities(node.type, stepKey).executeNode(execution),
    );
    this.end(stepKey);
    return outcome;
  }

  /** A step has begun: until it ends, a run's end ends it `canceled`. */
  private begin(node: FlowNode, stepKey: string, sequence: number, startedAt?: string): void {
    this.current.set(stepKey, { node, stepKey, sequence, ...(startedAt ? { startedAt } : {}) });
  }

  /** A step's end is recorded (completed or failed): it is no longer the run's to end. */
  private end(stepKey: string, completed = true): void {
    this.current.delete(stepKey);
    if (completed) this.stepsCompleted += 1;
  }

  private executionOf(node: FlowNode, stepKey: string, data: RunData): NodeExecution {
    this.stepSequence += 1;
    return { run: { ...this.run }, node, stepKey, sequence: this.stepSequence, data };
  }

  private async runLoop(
    node: FlowNode,
    evaluated: unknown,
    data: RunData,
    suffix: string,
  ): Promise<{ count: number; results: Array<Record<string, unknown>> }> {
    const region = this.plan.loops.get(node.id) as Region;
    const elements = (evaluated as { items?: unknown[] }).items ?? [];
    const results: Array<Record<string, unknown>> = [];
    for (let index = 0; index < elements.length; index++) {
      const iteration: RunData = {
        ...data,
        nodes: { ...data.nodes },
        loop: { item: elements[index], index },
      };
      await this.runRegion(region, iteration, suffix ? `${suffix}.${index}` : String(index));
      results.push(Object.fromEntries(region.nodeIds.map((id) => [id, iteration.nodes[id]])));
      data.documents = iteration.documents;
    }
    return { count: elements.length, results };
  }

  private async runDelay(node: FlowNode, stepKey: string, data: RunData, outgoing: FlowEdge[]) {
    const seconds = Number(node.config?.seconds ?? 0);
    const sequence = ++this.stepSequence;
    const step = { run: this.run, node, stepKey, sequence, input: { seconds } };
    this.begin(node, stepKey, sequence);
    // Both times are the worker's, stamped as the step is recorded (see StepReport). A run
    // begun by an older worker replays a recording that answered nothing: its completion
    // is then stamped alone, and the read model keeps the earlier start.
    const recorded: Partial<StepTimes> | undefined = this.evaluatesPureNodes
      ? (await this.recordSteps([{ ...step, status: 'running' }]))[0]
      : await bookkeeping.recordStep({ ...step, status: 'running' });
    const startedAt = recorded?.startedAt;
    this.begin(node, stepKey, sequence, startedAt);
    await sleep(seconds * 1000);
    const output = { waitedSeconds: seconds };
    const completed: StepReport = { ...step, status: 'completed', startedAt, output };
    // Its end is recorded with the steps after it, or the run's end.
    if (this.evaluatesPureNodes) this.unrecorded.push(completed);
    else await bookkeeping.recordStep(completed);
    this.end(stepKey);
    data.nodes[node.id] = output;
    return followedEdges(node, outgoing, undefined);
  }

  /**
   * Opens the review (item to REVIEW, run in_review), waits for the reviewer's submit signal or
   * the optional timeout, then continues on the `submitted` or `timeout` branch.
   */
  private async runReview(node: FlowNode, stepKey: string, data: RunData, outgoing: FlowEdge[]) {
    const execution = this.executionOf(node, stepKey, data);
    await this.recordSteps();
    this.begin(node, stepKey, execution.sequence);
    const { itemId, attempt, startedAt } = await this.guard(node, stepKey, () =>
      proxyActivities<FlowActivities>(activityOptionsFor(node.type, stepKey)).openReview({
        execution,
        seq: this.nextSeq(),
      }),
    );
    this.begin(node, stepKey, execution.sequence, startedAt);
    this.run.itemId = itemId;
    const timeoutSeconds = Number(node.config?.timeoutSeconds ?? 0);
    const isForItem = (s: ReviewSubmission) => s.itemId === itemId;
    const settled = () => this.submissions.some(isForItem) || this.closure !== undefined;
    const arrived =
      timeoutSeconds > 0
        ? await condition(settled, timeoutSeconds * 1000)
        : await condition(settled).then(() => true);
    this.assertOpen();
    const index = this.submissions.findIndex(isForItem);
    const submission = index >= 0 ? this.submissions.splice(index, 1)[0] : undefined;
    const outcome = await bookkeeping.closeReview({
      execution: { ...execution, run: { ...this.run } },
      seq: this.nextSeq(),
      attempt,
      startedAt,
      outcome: arrived ? 'submitted' : 'timeout',
      submission,
    });
    this.end(stepKey);
    data.nodes[node.id] = outcome.output;
    data.review = submission;
    const taken = followedEdges(node, outgoing, arrived ? 'submitted' : 'timeout');
    if (!arrived && taken.length === 0) {
      throw new NodeFailedError({
        code: 'REVIEW_TIMEOUT',
        message: `The review was not submitted within ${timeoutSeconds} s and the flow has no timeout path`,
        nodeId: node.id,
        nodeName: node.name ?? node.id,
      });
    }
    return taken;
  }

  /**
   * Turns an activity's final failure into a run failure that names the node; the activity
   * recorded the step failed, so the step has ended.
   */
  private async guard<T>(node: FlowNode, stepKey: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isCancellation(error)) throw error;
      this.end(stepKey, false);
      throw new NodeFailedError({
        ...failureOf(error),
        nodeId: node.id,
        nodeName: node.name ?? node.id,
      });
    }
  }
}

function failureOf(error: unknown): { code: string; message: string } {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure) {
    return { code: cause.type ?? 'NODE_FAILED', message: cause.message };
  }
  if (cause instanceof TimeoutFailure) {
    return { code: 'NODE_TIMEOUT', message: 'The node did not finish in time' };
  }
  return { code: 'NODE_FAILED', message: messageOf(cause) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'The run failed';
}

/** Runs that extract, review or write back produce an item; pure routing flows do not. */
function needsItem(graph: FlowGraph): boolean {
  return graph.nodes.some((node) => node.type.startsWith('ai.') || node.type.startsWith('action.'));
}

function outgoingOf(region: Region, id: string): FlowEdge[] {
  return region.edges.filter((edge) => edge.from === id);
}

function countBy<T>(values: T[], key: (value: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(key(value), (counts.get(key(value)) ?? 0) + 1);
  return counts;
}
