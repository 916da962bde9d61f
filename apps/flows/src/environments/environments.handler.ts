import {
  CreateEnvironmentRequest,
  CreateEnvironmentV1,
  EnvironmentRecord,
  ListEnvironmentsResponse,
  ListEnvironmentsV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { EnvironmentsService } from './environments.service';

@Controller()
export class EnvironmentsHandler {
  constructor(private readonly environments: EnvironmentsService) {}

  @RpcHandler(CreateEnvironmentV1)
  create(request: CreateEnvironmentRequest, call: CallContext): Promise<EnvironmentRecord> {
    return this.environments.create(actorOf(call), request);
  }

  @RpcHandler(ListEnvironmentsV1)
  async list(_: object, call: CallContext): Promise<ListEnvironmentsResponse> {
    return { data: await this.environments.list(actorOf(call)) };
  }
}
