import { randomUUID } from 'node:crypto';

import {
  AiClassifyMethod,
  AiClassifyRequest,
  AiClassifyResult,
  AiExtractRequest,
  AiExtractResult,
  AiFeedbackRequest,
  AiFeedbackResult,
  DirectoryAccess,
  GetClassifierModelResult,
  NodeType,
} from '@docket/contracts';
import {
  applyClassifierFeedback,
  createNaiveBayesModel,
  DocumentIntelligenceException,
  DocumentPages,
  HostedModelException,
  KeywordClassifier,
  NaiveBayesModel,
  TextPage,
} from '@docket/document-intelligence';
import {
  extractWithConfig,
  HostedEngine,
  HostedModelConfig,
  HostedModelGate,
  HostedUsage,
  type NodeConfig,
  nodeConfig,
  nodeConfigProblems,
  prepareClassify,
} from '@docket/nodes';
import { Actor, DocketException, SecretMask } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import {
  ClassifierModelRepository,
  FeedbackAlreadyAppliedError,
} from '../database/classifier-model.repository';
import { LayoutMemoryRepository } from '../database/layout-memory.repository';
import { VariablesService } from '../variables/variables.service';
import { evidenceRecord, fieldRecord, round } from './ai-result.mapper';
import { FileTextSource } from './file-text.source';
import { LayoutLearningService } from './layout-learning.service';
import { textAsPage } from './text-as-page';

/** Enough rule hits to show a reviewer why; a long document would otherwise list hundreds. */
const MAX_EVIDENCE = 50;

/**
 * The AI intelligence nodes run on one file without a flow (the builder's preview), and the
 * reviewers' class confirmations that retrain the project's classifier.
 */
@Injectable()
export class AiPreviewService {
  constructor(
    private readonly directory: DirectoryAccess,
    private readonly text: FileTextSource,
    private readonly models: ClassifierModelRepository,
    private readonly layouts: LayoutMemoryRepository,
    private readonly learning: LayoutLearningService,
    private readonly variables: VariablesService,
    private readonly hostedModels: HostedModelGate,
  ) {}

  async classify(actor: Actor, request: AiClassifyRequest): Promise<AiClassifyResult> {
    const config = checkedConfig('ai.classify', request.config);
    const project = await this.directory.project(actor, request.projectId);
    const { documents } = await this.text.read(
      actor,
      project.workspaceId,
      request.fileId,
      request.documentId,
    );
    const pages = documents.flatMap((document) => document.pages);
    const hosted = await this.hostedModel(actor, project, config.hosted, request.environmentId);
    const recipe = await prepareClassify(
      config,
      () => this.models.forOrganization(actor.organizationId).load(project.projectId),
      request.methods,
      hosted?.engine,
    );
    const result = await engine(() => recipe.classify(pages), hosted?.mask);
    const explained = result.label ?? result.scores[0]?.label;
    const evidence = recipe.methods.includes('rules')
      ? new KeywordClassifier(config.classes)
          .classify(pages)
          .evidence.filter((hit) => hit.label === explained)
          .slice(0, MAX_EVIDENCE)
          .map(evidenceRecord)
      : [];
    return {
      fileId: request.fileId,
      documentId: request.documentId ?? null,
      label: result.label,
      confidence: round(result.confidence),
      scores: result.scores.map((s) => ({ label: s.label, confidence: round(s.confidence) })),
      methods: result.methods.filter((m): m is AiClassifyMethod => m !== 'hosted'),
      pages: result.pages.map((page) => ({
        pageNumber: page.pageNumber,
        label: page.label,
        confidence: round(page.confidence),
      })),
      evidence,
      modelVersion: result.modelVersion,
      ...(hosted ? { hostedModel: hosted.usage() } : {}),
    };
  }

  /** The project's learned classifier as stored, for a run of this organization. */
  async classifierModel(actor: Actor, projectId: string): Promise<GetClassifierModelResult> {
    const model = await this.models.current(actor.organizationId, projectId);
    return { model: model ? { ...model } : null };
  }

  async extract(actor: Actor, request: AiExtractRequest): Promise<AiExtractResult> {
    const config = checkedConfig('ai.extract', request.config);
    const project = await this.directory.project(actor, request.projectId);
    const { documents } = await this.text.read(
      actor,
      project.workspaceId,
      request.fileId,
      request.documentId,
    );
    // What reviews taught the project about its layouts is read first, as in a run.
    const layoutMemories = await this.layouts.list(actor.organizationId, project.projectId);
    const hosted = await this.hostedModel(actor, project, config.hosted, request.environmentId);
    const { fields, needsReview } = await engine(
      () => extractWithConfig(documents, config, layoutMemories, hosted?.engine),
      hosted?.mask,
    );
    return {
      fileId: request.fileId,
      documentId: request.documentId ?? null,
      needsReview,
      fields: fields.map(fieldRecord),
      ...(hosted ? { hostedModel: hosted.usage() } : {}),
    };
  }

  async feedback(actor: Actor, request: AiFeedbackRequest): Promise<AiFeedbackResult> {
    if (request.fileId !== undefined && request.text !== undefined) {
      throw DocketException.invalid('Give either fileId or text, not both');
    }
    if (request.documentId !== undefined && request.fileId === undefined) {
      throw DocketException.invalid('documentId needs the fileId of its file');
    }
    if (request.fields !== undefined && request.fileId === undefined) {
      throw DocketException.invalid('fields need a fileId: their positions are on its pages');
    }
    const project = await this.directory.project(actor, request.projectId);
    const organizationId = actor.organizationId;
    const key = request.idempotencyKey;
    if (
      key !== undefined &&
      (await this.models.wasApplied(organizationId, project.projectId, key))
    ) {
      return this.modelResult(organizationId, project.projectId);
    }
    const pages: readonly TextPage[] = request.fileId
      ? (
          await this.text.read(actor, project.workspaceId, request.fileId, request.documentId)
        ).documents.flatMap((document: DocumentPages) => document.pages)
      : [textAsPage(request.text ?? '')];
    try {
      const model = await engine(() =>
        applyClassifierFeedback(
          this.models.forOrganization(organizationId, key),
          project.projectId,
          [{ pages, label: request.label, replacesLabel: request.replacesLabel }],
        ),
      );
      const layout = request.fields?.length
        ? await this.learning.learnFromPages(
            organizationId,
            project.projectId,
            pages,
            request.fields,
            key === undefined ? randomUUID() : `${key}:layout`,
          )
        : undefined;
      return { ...feedbackResult(project.projectId, model), ...(layout ? { layout } : {}) };
    } catch (error) {
      // The same keyed feedback won a race with this one: it is learned once, as asked.
      if (error instanceof FeedbackAlreadyAppliedError) {
        return this.modelResult(organizationId, project.projectId);
      }
      throw error;
    }
  }

  /**
   * The configuration's hosted model, when the preview names the environment whose variables
   * hold its API key: the same gate as a run's (outbound rules, per-organization concurrency).
   * Without an environment the preview leaves the model out, as it did before previews had one.
   */
  private async hostedModel(
    actor: Actor,
    project: { workspaceId: string; projectId: string },
    settings: HostedModelConfig | undefined,
    environmentId: string | undefined,
  ): Promise<PreviewHostedModel | undefined> {
    if (!settings || environmentId === undefined) return undefined;
    const apiKey = await this.variables.valueForPreview(
      actor,
      { environmentId, workspaceId: project.workspaceId, projectId: project.projectId },
      settings.apiKeyVariable,
    );
    const { engine, meter } = this.hostedModels.engine(actor.organizationId, settings, apiKey);
    return { engine, usage: () => meter.usage(), mask: new SecretMask([apiKey]) };
  }

  private async modelResult(organizationId: string, projectId: string): Promise<AiFeedbackResult> {
    const model = await this.models.current(organizationId, projectId);
    return feedbackResult(projectId, model ?? createNaiveBayesModel());
  }
}

function feedbackResult(projectId: string, model: NaiveBayesModel): AiFeedbackResult {
  return {
    projectId,
    modelVersion: model.version,
    classes: Object.entries(model.classes)
      .map(([label, stats]) => ({ label, documents: stats.documents }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** The same rules a flow draft's node must pass: a preview accepts exactly a node's config. */
function checkedConfig<T extends NodeType>(
  type: T,
  config: Record<string, unknown>,
): NodeConfig<T> {
  const problems = nodeConfigProblems(type, config);
  if (problems.length > 0) {
    throw DocketException.invalid(`Invalid ${type} configuration: ${problems.join('; ')}`, {
      problems,
    });
  }
  return nodeConfig(type, config);
}

/** A hosted model for one preview: its engine, what it cost, and the mask of its API key. */
interface PreviewHostedModel {
  engine: HostedEngine;
  usage(): HostedUsage;
  mask: SecretMask;
}

/**
 * Configuration the engine still refuses (a rule the node checks do not know) is a 400. A hosted
 * model's failure is a 503 when another try may get through (timeouts, 429, 5xx, a malformed
 * answer) and a 400 when it will not (a refused key, a bad request), its message masked of the key.
 */
async function engine<T>(run: () => Promise<T>, keyMask?: SecretMask): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HostedModelException) {
      const message = (keyMask ?? new SecretMask([])).maskText(
        `The hosted model failed (${error.code}): ${error.message}`,
      );
      throw error.retryable
        ? new DocketException('SERVICE_UNAVAILABLE', message)
        : DocketException.invalid(message);
    }
    if (error instanceof DocumentIntelligenceException && error.code !== 'MODEL_VERSION_CONFLICT') {
      throw DocketException.invalid(error.message);
    }
    if (error instanceof DocumentIntelligenceException) {
      throw DocketException.conflict('The classifier was retrained at the same time; try again');
    }
    throw error;
  }
}
