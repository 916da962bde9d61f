import { NODE_CATALOG, NodeTypeRecord } from '@docket/contracts';
import { Page } from '@docket/platform';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { PageQuery, slicePage } from '../../http/page.query';
import { ApiRoute } from '../../openapi/api-route.decorator';

/**
 * The node catalog is part of the contracts (the same for every organization), so the gateway
 * answers it without asking the flows service; the flows service still validates every draft.
 */
@ApiTags('Flows')
@Controller()
export class NodeTypesController {
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
  list(@Query() query: PageQuery): Page<NodeTypeRecord> {
    return slicePage(NODE_CATALOG, query, 'Node types');
  }
}
