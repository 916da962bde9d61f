import { defineContract } from '@docket/platform';
import { IsUUID } from 'class-validator';

/**
 * flows.classifier-model.get.v1 (internal): the classifier a project learned from reviewers'
 * confirmations, for a run's ai.classify step to classify with as the preview does.
 */
export class GetClassifierModelRequest {
  @IsUUID('4')
  projectId!: string;
}

export interface GetClassifierModelResult {
  /** The engine's naive Bayes model as stored (the engine parses it); null before any feedback. */
  model: Record<string, unknown> | null;
}

export const GetClassifierModelV1 = defineContract<
  GetClassifierModelRequest,
  GetClassifierModelResult
>('flows.classifier-model.get.v1', GetClassifierModelRequest);
