import {
  ForgetLayoutMemoriesV1,
  ForgottenLayoutMemoriesResult,
  LayoutMemoriesResult,
  LearnLayoutRequest,
  LearnLayoutResult,
  LearnLayoutV1,
  ListLayoutMemoriesRequest,
  ListLayoutMemoriesResult,
  ListLayoutMemoriesV1,
  ManageLayoutMemoriesRequest,
  ViewLayoutMemoriesV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { LayoutLearningService } from './layout-learning.service';

/** Runs' review steps teach layouts and extract steps read them; Admins see and reset them. */
@Controller()
export class LayoutMemoryHandler {
  constructor(private readonly learning: LayoutLearningService) {}

  @RpcHandler(LearnLayoutV1)
  learn(request: LearnLayoutRequest, call: CallContext): Promise<LearnLayoutResult> {
    return this.learning.learn(actorOf(call), request);
  }

  @RpcHandler(ViewLayoutMemoriesV1)
  view(request: ManageLayoutMemoriesRequest, call: CallContext): Promise<LayoutMemoriesResult> {
    return this.learning.view(actorOf(call), request.projectId);
  }

  @RpcHandler(ForgetLayoutMemoriesV1)
  forget(
    request: ManageLayoutMemoriesRequest,
    call: CallContext,
  ): Promise<ForgottenLayoutMemoriesResult> {
    return this.learning.forget(actorOf(call), request.projectId);
  }

  @RpcHandler(ListLayoutMemoriesV1)
  async list(
    request: ListLayoutMemoriesRequest,
    call: CallContext,
  ): Promise<ListLayoutMemoriesResult> {
    return { memories: await this.learning.list(actorOf(call), request.projectId) };
  }
}
