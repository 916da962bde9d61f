import {
  AiClassifyRequest,
  AiClassifyResult,
  AiClassifyV1,
  AiExtractRequest,
  AiExtractResult,
  AiExtractV1,
  AiFeedbackRequest,
  AiFeedbackResult,
  AiFeedbackV1,
  GetClassifierModelRequest,
  GetClassifierModelResult,
  GetClassifierModelV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { AiPreviewService } from './ai-preview.service';

@Controller()
export class AiPreviewHandler {
  constructor(private readonly ai: AiPreviewService) {}

  @RpcHandler(AiClassifyV1)
  classify(request: AiClassifyRequest, call: CallContext): Promise<AiClassifyResult> {
    return this.ai.classify(actorOf(call), request);
  }

  @RpcHandler(AiExtractV1)
  extract(request: AiExtractRequest, call: CallContext): Promise<AiExtractResult> {
    return this.ai.extract(actorOf(call), request);
  }

  /** From the gateway (an Admin teaching the classifier) and from runs' review steps. */
  @RpcHandler(AiFeedbackV1)
  feedback(request: AiFeedbackRequest, call: CallContext): Promise<AiFeedbackResult> {
    return this.ai.feedback(actorOf(call), request);
  }

  /** Runs' ai.classify steps classify with the project's learned model, as the preview does. */
  @RpcHandler(GetClassifierModelV1)
  classifierModel(
    request: GetClassifierModelRequest,
    call: CallContext,
  ): Promise<GetClassifierModelResult> {
    return this.ai.classifierModel(actorOf(call), request.projectId);
  }
}
