import { ListNodeTypesResponse, ListNodeTypesV1 } from '@docket/contracts';
import { NODE_CATALOG } from '@docket/nodes';
import { RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

/**
 * The node catalog, answered here because the node definitions (libs/nodes) carry the engine
 * the gateway's image leaves out; the gateway checks the caller's permission and pages it.
 */
@Controller()
export class NodeTypesHandler {
  @RpcHandler(ListNodeTypesV1)
  list(): ListNodeTypesResponse {
    return { data: NODE_CATALOG.map((info) => ({ ...info })) };
  }
}
