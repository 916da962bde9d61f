import { Injectable } from '@nestjs/common';
import { Context } from '@temporalio/activity';

import { ExecutionReporter } from '../reporting/execution-reporter';
import { RunSecretsProvider } from '../secrets/run-secrets.provider';
import { RunItemClient } from '../services/run-item.client';
import type { NodeOutcome, ReviewClosing, ReviewOpening } from '../workflows/flow-activities.types';
import type { ReviewSubmission } from '../workflows/review-signal';
import { LayoutFeedbackService } from './layout-feedback.service';
import { ReviewFeedbackService } from './review-feedback.service';
import { stepInputOf } from './step-input';

/**
 * The activities around a human-review node. Waiting itself happens in the workflow (a
 * signal from the items service), so a review can last days without holding a worker slot.
 */
@Injectable()
export class ReviewGate {
  constructor(
    private readonly items: RunItemClient,
    private readonly reporter: ExecutionReporter,
    private readonly secrets: RunSecretsProvider,
    private readonly feedback: ReviewFeedbackService,
    private readonly layouts: LayoutFeedbackService,
  ) {}

  async open({
    execution,
    seq,
  }: ReviewOpening): Promise<{ itemId: string; attempt: number; startedAt: string }> {
    const { run, node, stepKey } = execution;
    const itemId = run.itemId ?? (await this.items.create(run));
    // The review step's instructions travel with the item, for the reviewer's page.
    const instructions = node.config?.instructions;
    await this.items.move(
      run,
      itemId,
      'REVIEW',
      `${run.executionId}:${stepKey}:review`,
      typeof instructions === 'string' && instructions ? instructions : undefined,
    );
    const secrets = await this.secrets.forRun(run);
    const attempt = Context.current().info.attempt;
    const { startedAt } = await this.reporter.step(
      {
        run,
        node,
        stepKey,
        sequence: execution.sequence,
        status: 'waiting',
        input: secrets.scrub(stepInputOf(execution)),
      },
      attempt,
    );
    await this.reporter.status({ run: { ...run, itemId }, seq, status: 'in_review' }, [itemId]);
    return { itemId, attempt, startedAt };
  }

  async close(closing: ReviewClosing): Promise<NodeOutcome> {
    const { execution, seq, startedAt, outcome, submission, attempt } = closing;
    const { run, node, stepKey } = execution;
    const secrets = await this.secrets.forRun(run);
    const review =
      outcome === 'submitted' ? (submission as ReviewSubmission | undefined) : undefined;
    // The reviewer confirmed (or corrected) each document's class: the project's model learns it.
    const classifierFeedback = review
      ? await this.feedback.teach(execution, review.fields ?? [])
      : [];
    // ...and where each reviewed value sits on its layout: the next such document is read there.
    const layoutFeedback = review ? await this.layouts.teach(execution, review.fields ?? []) : [];
    const output = secrets.scrub({
      outcome,
      submission: submission ?? null,
      ...(classifierFeedback.length > 0 ? { classifierFeedback } : {}),
      ...(layoutFeedback.length > 0 ? { layoutFeedback } : {}),
    });
    await this.reporter.step(
      {
        run,
        node,
        stepKey,
        sequence: execution.sequence,
        status: 'completed',
        startedAt,
        input: secrets.scrub(stepInputOf(execution)),
        output,
      },
      attempt,
    );
    await this.reporter.status({ run, seq, status: 'running' });
    return { output };
  }
}
