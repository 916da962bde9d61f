import { VARIABLE_NAME_PATTERN } from '@docket/contracts';

import { integer, isObject, only, url } from '../config/config-checks';

export const HOSTED_MODEL_MODES = ['fallback', 'primary'] as const;
export type HostedModelMode = (typeof HOSTED_MODEL_MODES)[number];

const MAX_HOSTED_TIMEOUT_SECONDS = 300;
const MAX_MODEL_NAME_LENGTH = 200;

/**
 * Bring your own model: an OpenAI-compatible chat-completions endpoint (Azure OpenAI, vLLM,
 * Ollama, ...) that ai.classify, ai.extract and ai.summarize use. The API key is a variable,
 * named here (the node's secret slot, like write-back's secretVariable), never written in the flow.
 */
export interface HostedModelConfig {
  /** Up to and including the version path, e.g. https://llm.example.com/v1. */
  baseUrl: string;
  model: string;
  /** Name of the variable holding the API key (sent as `Authorization: Bearer`). */
  apiKeyVariable: string;
  /** fallback (default): rules and layout memory first, the model fills what they leave. */
  mode?: HostedModelMode;
  /** One call's budget; default 60. */
  timeoutSeconds?: number;
}

/** A hosted model's endpoint, model and the variable holding its key (the node's secret slot). */
export function hostedModelProblems(value: unknown): string[] {
  if (value === undefined) return [];
  if (!isObject(value)) return ['hosted must be an object {baseUrl, model, apiKeyVariable, mode?}'];
  return [
    ...only(value, ['baseUrl', 'model', 'apiKeyVariable', 'mode', 'timeoutSeconds']).map(
      (problem) => `hosted: ${problem}`,
    ),
    ...url(value.baseUrl, 'hosted.baseUrl'),
    ...(typeof value.model === 'string' &&
    value.model.length >= 1 &&
    value.model.length <= MAX_MODEL_NAME_LENGTH
      ? []
      : [`hosted.model must be text of 1 to ${MAX_MODEL_NAME_LENGTH} characters`]),
    ...(typeof value.apiKeyVariable === 'string' && VARIABLE_NAME_PATTERN.test(value.apiKeyVariable)
      ? []
      : ['hosted.apiKeyVariable must name the variable that holds the API key']),
    ...(value.mode === undefined || HOSTED_MODEL_MODES.some((mode) => mode === value.mode)
      ? []
      : [`hosted.mode must be one of ${HOSTED_MODEL_MODES.join(', ')}`]),
    ...(value.timeoutSeconds === undefined
      ? []
      : integer(value.timeoutSeconds, 'hosted.timeoutSeconds', 1, MAX_HOSTED_TIMEOUT_SECONDS)),
  ];
}
