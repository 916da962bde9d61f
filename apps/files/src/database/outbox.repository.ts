import { randomUUID } from 'node:crypto';

import { OutboxMessage, OutboxStore } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull } from 'typeorm';

import { OutboxEntity } from './files.entities';

/** files.outbox: events written in the transaction of the change they announce. */
@Injectable()
export class OutboxRepository implements OutboxStore {
  constructor(private readonly dataSource: DataSource) {}

  /** A second row with the same msgId is ignored: an event is recorded once. */
  async add(manager: EntityManager, subject: string, msgId: string, payload: object) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(OutboxEntity)
      .values({
        id: randomUUID(),
        subject,
        msgId,
        payload,
        createdAt: new Date(),
        publishedAt: null,
      })
      .orIgnore()
      .execute();
  }

  async pending(limit: number): Promise<OutboxMessage[]> {
    const rows = await this.dataSource.manager.find(OutboxEntity, {
      where: { publishedAt: IsNull() },
      order: { createdAt: 'ASC' },
      take: limit,
    });
    return rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      payload: row.payload,
      msgId: row.msgId,
    }));
  }

  async markPublished(ids: string[]): Promise<void> {
    await this.dataSource.manager.update(
      OutboxEntity,
      { id: In(ids) },
      { publishedAt: new Date() },
    );
  }
}
