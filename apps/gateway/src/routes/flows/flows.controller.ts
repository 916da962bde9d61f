import {
  ActivateFlowBody,
  ActivateFlowV1,
  CreateFlowBody,
  CreateFlowV1,
  DeactivateFlowV1,
  FlowDetailRecord,
  FlowRecord,
  FlowVersionRecord,
  GetFlowV1,
  ListFlowsV1,
  ListFlowVersionsV1,
  PublishFlowBody,
  PublishFlowV1,
  SaveDraftBody,
  SaveFlowDraftV1,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, Page, RpcClient } from '@docket/platform';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { PageQuery, slicePage } from '../../http/page.query';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

const GRAPH_RULES =
  'The graph is validated on every save: exactly one trigger, every edge between existing ' +
  'nodes, every node reachable from the trigger, no cycle except through a for-each loop, ' +
  'branch labels the source node produces, and each node configuration valid for its type. ' +
  'An invalid graph is a 400 whose message names the node and the reason (details.nodeId, ' +
  'details.reason, details.problems). Adding, changing or removing AI intelligence nodes needs ' +
  'the ai.use permission (Admin).';

@ApiTags('Flows')
@Controller()
export class FlowsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('projects/:projectId/flows')
  @ApiRoute({
    summary: 'Create a flow in a project (AI Agent)',
    description: GRAPH_RULES,
    permission: 'flows.build',
    status: 201,
    response: FlowDetailRecord,
    errors: ['NOT_FOUND'],
  })
  async create(
    @Param('projectId', uuidPipe) projectId: string,
    @Body() body: CreateFlowBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<FlowDetailRecord>> {
    const flow = await this.rpc.call(CreateFlowV1, { ...body, projectId }, actor);
    return enveloped('Flow created', flow);
  }

  @Get('projects/:projectId/flows')
  @ApiRoute({
    summary: 'List the flows of a project',
    permission: 'flows.read',
    errors: ['NOT_FOUND'],
    page: FlowRecord,
  })
  async list(
    @Param('projectId', uuidPipe) projectId: string,
    @Query() query: PageQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<FlowRecord>> {
    const { data } = await this.rpc.call(ListFlowsV1, { projectId }, actor);
    return slicePage(data, query, 'Flows');
  }

  @Get('flows/:flowId')
  @ApiRoute({
    summary: 'Read a flow with its draft',
    permission: 'flows.read',
    response: FlowDetailRecord,
    errors: ['NOT_FOUND'],
  })
  async get(
    @Param('flowId', uuidPipe) flowId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<FlowDetailRecord>> {
    return enveloped('Flow', await this.rpc.call(GetFlowV1, { flowId }, actor));
  }

  @Put('flows/:flowId/draft')
  @ApiRoute({
    summary: 'Save the draft (the one editable graph of the flow)',
    description: GRAPH_RULES,
    permission: 'flows.build',
    response: FlowDetailRecord,
    errors: ['NOT_FOUND'],
  })
  async saveDraft(
    @Param('flowId', uuidPipe) flowId: string,
    @Body() body: SaveDraftBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<FlowDetailRecord>> {
    const flow = await this.rpc.call(SaveFlowDraftV1, { ...body, flowId }, actor);
    return enveloped('Draft saved', flow);
  }

  @Post('flows/:flowId/publish')
  @ApiRoute({
    summary: 'Publish the draft as an immutable version vN.N.N',
    description:
      'Records a version from the current draft; processing does not start. The first ' +
      'version is v1.0.0; later ones raise the part named by `bump`.',
    permission: 'flows.publish',
    status: 201,
    response: FlowVersionRecord,
    errors: ['NOT_FOUND'],
  })
  async publish(
    @Param('flowId', uuidPipe) flowId: string,
    @Body() body: PublishFlowBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<FlowVersionRecord>> {
    const version = await this.rpc.call(PublishFlowV1, { ...body, flowId }, actor);
    return enveloped(`Published ${version.version}`, version);
  }

  @Get('flows/:flowId/versions')
  @ApiRoute({
    summary: 'List the published versions of a flow, newest first',
    permission: 'flows.read',
    errors: ['NOT_FOUND'],
    page: FlowVersionRecord,
  })
  async versions(
    @Param('flowId', uuidPipe) flowId: string,
    @Query() query: PageQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<FlowVersionRecord>> {
    const { data } = await this.rpc.call(ListFlowVersionsV1, { flowId }, actor);
    return slicePage(data, query, 'Flow versions');
  }

  @Post('flows/:flowId/activate')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Activate a published version: the trigger goes live',
    description:
      'Needs a published version (409 otherwise). Default: the latest. Runs already going ' +
      'finish on the version they started with. `environmentId` sets the environment of the ' +
      'runs the trigger starts.',
    permission: 'flows.activate',
    response: FlowRecord,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async activate(
    @Param('flowId', uuidPipe) flowId: string,
    @Body() body: ActivateFlowBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<FlowRecord>> {
    const flow = await this.rpc.call(ActivateFlowV1, { ...body, flowId }, actor);
    return enveloped(`Flow active on ${flow.activeVersion}`, flow);
  }

  @Post('flows/:flowId/deactivate')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Deactivate: no new runs start; running runs finish',
    permission: 'flows.activate',
    response: FlowRecord,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async deactivate(
    @Param('flowId', uuidPipe) flowId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<FlowRecord>> {
    const flow = await this.rpc.call(DeactivateFlowV1, { flowId }, actor);
    return enveloped('Flow deactivated', flow);
  }
}
