import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** Submitted reviews; each claims the field versions its reviewer wrote since the last one. */
@Injectable()
export class ReviewRepository {
  async record(
    manager: EntityManager,
    item: { id: string; organization_id: string },
    reviewer: { userId: string; name: string },
  ): Promise<{ reviewId: string; submittedAt: Date }> {
    const reviewId = randomUUID();
    const [row]: Array<{ submitted_at: Date }> = await manager.query(
      `INSERT INTO items.item_reviews (id, item_id, organization_id, reviewer_id, reviewer_name,
         submitted_at) VALUES ($1, $2, $3, $4, $5, clock_timestamp()) RETURNING submitted_at`,
      [reviewId, item.id, item.organization_id, reviewer.userId, reviewer.name],
    );
    // Edits made under the lock (possibly across lock holders) belong to the review that ends it.
    await manager.query(
      `UPDATE items.field_versions SET review_id = $2
        WHERE item_id = $1 AND source = 'review' AND review_id IS NULL`,
      [item.id, reviewId],
    );
    return { reviewId, submittedAt: row.submitted_at };
  }
}
