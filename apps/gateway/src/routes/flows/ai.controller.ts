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
  ForgetLayoutMemoriesV1,
  ForgottenLayoutMemoriesResult,
  LayoutMemorySummaryRecord,
  ViewLayoutMemoriesV1,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, Page, RpcClient } from '@docket/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { PageQuery, slicePage } from '../../http/page.query';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

const PREVIEW =
  'Runs the document-intelligence engine on a READY file of the project’s workspace, without ' +
  'a flow and without storing anything, with the same configuration as the flow node. A ' +
  '`hosted` model in the configuration takes part when `environmentId` names the environment ' +
  'whose variables hold its API key; its failures are a 503 (timeouts, 429, 5xx, a malformed ' +
  'answer: try again) or a 400 (a refused key, a bad request).';

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
    errors: ['NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  })
  async classify(
    @Param('projectId', uuidPipe) projectId: string,
    @Body() body: AiClassifyBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<AiClassifyResult>> {
    const result = await this.rpc.call(AiClassifyV1, { ...body, projectId }, actor);
    return enveloped('Classified', result);
  }

  @Post('projects/:projectId/ai/extract')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Extract fields from a file with an ai.extract node configuration (preview)',
    description: `${PREVIEW} Every value carries its confidence and grounding; validation flags fields for review.`,
    permission: 'ai.use',
    response: AiExtractResult,
    errors: ['NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  })
  async extract(
    @Param('projectId', uuidPipe) projectId: string,
    @Body() body: AiExtractBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<AiExtractResult>> {
    const result = await this.rpc.call(AiExtractV1, { ...body, projectId }, actor);
    return enveloped('Extracted', result);
  }

  @Post('projects/:projectId/ai/feedback')
  @HttpCode(200)
  @ApiRoute({
    summary:
      'Teach the project’s classifier the class of a document, and its layout where fields are',
    description:
      'Retrains the project’s learned classifier (the `model` method) with a confirmed or ' +
      'corrected class: a file, one document of it, or plain text. With a file, `fields` teach ' +
      'the project’s memory of its layout where each value is printed, and the next document ' +
      'of that layout is extracted there first. Review steps of runs do the same.',
    permission: 'ai.use',
    response: AiFeedbackResult,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async feedback(
    @Param('projectId', uuidPipe) projectId: string,
    @Body() body: AiFeedbackBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<AiFeedbackResult>> {
    const result = await this.rpc.call(AiFeedbackV1, { ...body, projectId }, actor);
    return enveloped(`Classifier at version ${result.modelVersion}`, result);
  }

  @Get('projects/:projectId/ai/layout-memories')
  @ApiRoute({
    summary: 'What the project remembers of its document layouts',
    description:
      'Per layout, the fields reviews and feedback taught and the caption each is read ' +
      'against; the next document of a layout is extracted there first (source `layout-memory`).',
    permission: 'ai.use',
    errors: ['NOT_FOUND'],
  })
  async layoutMemories(
    @Param('projectId', uuidPipe) projectId: string,
    @Query() query: PageQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Page<LayoutMemorySummaryRecord>> {
    const { data } = await this.rpc.call(ViewLayoutMemoriesV1, { projectId }, actor);
    return slicePage(data, query, 'Layout memories');
  }

  @Delete('projects/:projectId/ai/layout-memories')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Forget every layout the project was taught',
    description:
      'Documents are read by their captions again until reviews teach their layouts anew; ' +
      'a review already learned from does not teach again.',
    permission: 'ai.use',
    response: ForgottenLayoutMemoriesResult,
    errors: ['NOT_FOUND'],
  })
  async forgetLayoutMemories(
    @Param('projectId', uuidPipe) projectId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ForgottenLayoutMemoriesResult>> {
    const result = await this.rpc.call(ForgetLayoutMemoriesV1, { projectId }, actor);
    return enveloped(`${result.deleted} layouts forgotten`, result);
  }
}
