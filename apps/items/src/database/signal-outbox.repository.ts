import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface OutboxSignal {
  id: string;
  workflow_id: string;
  signal_name: string;
  payload: unknown;
  attempts: number;
}

/** Signals to runs, written with the change that causes them and delivered after commit. */
@Injectable()
export class SignalOutboxRepository {
  async enqueue(
    manager: EntityManager,
    item: { id: string; organization_id: string; temporal_workflow_id: string },
    signalName: string,
    payload: unknown,
  ): Promise<string> {
    const id = randomUUID();
    await manager.query(
      `INSERT INTO items.signal_outbox (id, organization_id, item_id, workflow_id, signal_name,
         payload) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
      [
        id,
        item.organization_id,
        item.id,
        item.temporal_workflow_id,
        signalName,
        JSON.stringify(payload),
      ],
    );
    return id;
  }

  /** Due signals, claimed for this transaction (other replicas skip them). */
  async claimDue(manager: EntityManager, limit: number, id?: string): Promise<OutboxSignal[]> {
    return manager.query(
      `SELECT id, workflow_id, signal_name, payload, attempts FROM items.signal_outbox
        WHERE delivered_at IS NULL AND failed_at IS NULL
          AND ($2::uuid IS NULL AND next_attempt_at <= clock_timestamp() OR id = $2::uuid)
        ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit, id ?? null],
    );
  }

  async markDelivered(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      `UPDATE items.signal_outbox SET delivered_at = clock_timestamp(), attempts = attempts + 1,
         last_error = NULL WHERE id = $1`,
      [id],
    );
  }

  /** Backs off exponentially up to five minutes; `permanent` gives up (the run is gone). */
  async markFailed(
    manager: EntityManager,
    id: string,
    error: string,
    permanent: boolean,
  ): Promise<void> {
    await manager.query(
      `UPDATE items.signal_outbox SET attempts = attempts + 1, last_error = $2,
         failed_at = CASE WHEN $3 THEN clock_timestamp() END,
         next_attempt_at = clock_timestamp() + make_interval(secs => least(300, power(2, attempts)))
        WHERE id = $1`,
      [id, error.slice(0, 2000), permanent],
    );
  }
}
