import {
  CancelExecutionV1,
  CancelRequested,
  ExecutionDetailRecord,
  ExecutionRecord,
  ExecutionStepRecord,
  GetExecutionV1,
  ListExecutionsQuery,
  ListExecutionStepsV1,
  ListExecutionsV1,
  ListStepsQuery,
  RerunExecutionV1,
  RunFlowBody,
  RunFlowV1,
  RunStarted,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, Page, pageOf, RpcClient } from '@docket/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

@ApiTags('Flow executions')
@Controller()
export class ExecutionsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('flows/:flowId/run')
  @ApiRoute({
    summary: 'Start a run (asynchronous); returns its executionId at once',
    description:
      'Runs the active version (409 when the flow is not active). With `draft: true` it runs ' +
      'the current draft as a test run (Admin and Partner): marked test, listed apart ' +
      '(GET /flow-executions?test=true), and its write-back nodes only record what they would ' +
      'send. Follow the run with GET /flow-executions/{executionId}.',
    permission: 'flows.run',
    status: 201,
    idempotent: true,
    response: RunStarted,
    errors: ['NOT_FOUND', 'CONFLICT', 'IDEMPOTENCY_CONFLICT', 'SERVICE_UNAVAILABLE'],
  })
  async run(
    @Param('flowId', uuidPipe) flowId: string,
    @Body() body: RunFlowBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<RunStarted>> {
    const started = await this.rpc.call(RunFlowV1, { ...body, flowId }, actor);
    return enveloped('Run started', started);
  }

  @Get('flow-executions')
  @ApiRoute({
    summary: 'List flow executions (run history)',
    description:
      'Give exactly one of projectId or workspaceId (the workspace form lists every project ' +
      'of it you may see). Filters: flowId, status (pending, running, in_review, completed, ' +
      'failed, canceled), trigger (api, file, schedule, rerun), createdAfter/createdBefore ' +
      '(ISO 8601), test (true lists the test runs of drafts, which are listed apart). Paging ' +
      'like GET /items: page 1-indexed (default 1), limit 1-100 (default 20); sortBy createdAt ' +
      '(default), updatedAt, completedAt or status; sortOrder desc (default) or asc.',
    permission: 'executions.read',
    errors: ['NOT_FOUND'],
    page: ExecutionRecord,
  })
  async list(
    @Query() query: ListExecutionsQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<ExecutionRecord>> {
    const page = await this.rpc.call(ListExecutionsV1, query, actor);
    return pageOf(page.data, page.page, page.limit, page.totalCount, 'Flow executions');
  }

  @Get('flow-executions/:executionId')
  @ApiRoute({
    summary: 'Read one flow execution',
    description:
      'status is pending, running, in_review (waiting at a human-review node), completed, ' +
      'failed or canceled; error names the failed node.',
    permission: 'executions.read',
    response: ExecutionDetailRecord,
    errors: ['NOT_FOUND'],
  })
  async get(
    @Param('executionId', uuidPipe) executionId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ExecutionDetailRecord>> {
    const execution = await this.rpc.call(GetExecutionV1, { executionId }, actor);
    return enveloped('Flow execution', execution);
  }

  @Get('flow-executions/:executionId/steps')
  @ApiRoute({
    summary: 'The steps of an execution: one per node execution, in order',
    description: 'Input and output of steps never show variable values (masked as ***).',
    permission: 'executions.read',
    errors: ['NOT_FOUND'],
    page: ExecutionStepRecord,
  })
  async steps(
    @Param('executionId', uuidPipe) executionId: string,
    @Query() query: ListStepsQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<ExecutionStepRecord>> {
    const page = await this.rpc.call(ListExecutionStepsV1, { ...query, executionId }, actor);
    return pageOf(page.data, page.page, page.limit, page.totalCount, 'Execution steps');
  }

  @Post('flow-executions/:executionId/rerun')
  @ApiRoute({
    summary: 'Re-run an execution with the same inputs and version',
    description:
      'Starts a new execution (returned at once) with the same input, files, environment and ' +
      'flow version; side effects of the original run (such as write-backs) are repeated.',
    permission: 'executions.rerun',
    status: 201,
    idempotent: true,
    response: RunStarted,
    errors: ['NOT_FOUND', 'IDEMPOTENCY_CONFLICT', 'SERVICE_UNAVAILABLE'],
  })
  async rerun(
    @Param('executionId', uuidPipe) executionId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<RunStarted>> {
    const started = await this.rpc.call(RerunExecutionV1, { executionId }, actor);
    return enveloped('Rerun started', started);
  }

  @Post('flow-executions/:executionId/cancel')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Cancel a running execution',
    description:
      'The run ends `canceled` and its item CANCELED shortly after; a finished run is a 409.',
    permission: 'executions.cancel',
    response: CancelRequested,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async cancel(
    @Param('executionId', uuidPipe) executionId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<CancelRequested>> {
    const result = await this.rpc.call(CancelExecutionV1, { executionId }, actor);
    return enveloped('Cancellation requested', result);
  }
}
