import {
  AiClassifyBody,
  AiClassifyResult,
  AiClassifyV1,
  AiExtractBody,
  AiExtractResult,
  AiExtractV1,
  AiFeedbackBody,
  AiFeedbackResult,
  AiFeedbackV1,
} from '@docket/contracts';
import { Actor, RpcClient } from '@docket/platform';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

type Done<T> = T & { success: true; message: string };

const PREVIEW =
  'Runs the document-intelligence engine on a READY file of the project’s workspace, without ' +
  'a flow and without storing anything, with the same configuration as the flow node.';

@ApiTags('AI intelligence')
@Controller()
export class AiController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('projects/:projectId/ai/classify')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Classify a file with an ai.classify node configuration (preview)',
    description: `${PREVIEW} Returns the class with its confidence, per-page classes and where the rules matched.`,
    permission: 'ai.use',
    response: AiClassifyResult,
    errors: ['NOT_FOUND'],
  })
  async classify(
    @Param('projectId', uuidPipe) projectId: string,
    @Body() body: AiClassifyBody,
    @CurrentActor() actor: Actor,
  ): Promise<Done<AiClassifyResult>> {
    const result = await this.rpc.call(AiClassifyV1, { ...body, projectId }, actor);
    return { success: true, message: 'Classified', ...result };
  }

  @Post('projects/:projectId/ai/extract')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Extract fields from a file with an ai.extract node configuration (preview)',
    description: `${PREVIEW} Every value carries its confidence and grounding; validation flags fields for review.`,
    permission: 'ai.use',
    response: AiExtractResult,
    errors: ['NOT_FOUND'],
  })
  async extract(
    @Param('projectId', uuidPipe) projectId: string,
    @Body() body: AiExtractBody,
    @CurrentActor() actor: Actor,
  ): Promise<Done<AiExtractResult>> {
    const result = await this.rpc.call(AiExtractV1, { ...body, projectId }, actor);
    return { success: true, message: 'Extracted', ...result };
  }

  @Post('projects/:projectId/ai/feedback')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Teach the project’s classifier the class of a document',
    description:
      'Retrains the project’s learned classifier (the `model` method) with a confirmed or ' +
      'corrected class: a file, one document of it, or plain text. Review steps of runs do the same.',
    permission: 'ai.use',
    response: AiFeedbackResult,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async feedback(
    @Param('projectId', uuidPipe) projectId: string,
    @Body() body: AiFeedbackBody,
    @CurrentActor() actor: Actor,
  ): Promise<Done<AiFeedbackResult>> {
    const result = await this.rpc.call(AiFeedbackV1, { ...body, projectId }, actor);
    return { success: true, message: `Classifier at version ${result.modelVersion}`, ...result };
  }
}
