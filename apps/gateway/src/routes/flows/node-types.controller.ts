import { ListNodeTypesV1, NodeTypeRecord } from '@docket/contracts';
import { Actor, Page, RpcClient } from '@docket/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { PageQuery, slicePage } from '../../http/page.query';
import { ApiRoute } from '../../openapi/api-route.decorator';

/**
 * The node catalog is the same for every organization; the flows service answers it from the
 * node definitions (libs/nodes), with which it also validates every draft.
 */
@ApiTags('Flows')
@Controller()
export class NodeTypesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('node-types')
  @ApiRoute({
    summary: 'The node types a flow can use, with each configuration as a JSON Schema',
    description:
      'Per type: its builder category (Triggers, Apps, Utilities, Actions, Controls, AI ' +
      'intelligence), what it does, the branches its outgoing edges carry and `configSchema`, ' +
      'the settings a builder fills in. Saving a draft validates each configuration (PUT ' +
      '/flows/{flowId}/draft); settings the schema leaves out are still accepted there. Paging: ' +
      'page 1-indexed, limit 1-100 (default 20).',
    permission: 'flows.read',
    page: NodeTypeRecord,
  })
  async list(
    @Query() query: PageQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<NodeTypeRecord>> {
    const { data } = await this.rpc.call(ListNodeTypesV1, {}, actor);
    return slicePage(data, query, 'Node types');
  }
}
