import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';

import { SigningKeyEntity } from './identity.entities';

/** The token signing keys: private halves sealed with the master key, public halves published. */
@Injectable()
export class SigningKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Keys not retired, newest first. */
  live(): Promise<SigningKeyEntity[]> {
    return this.dataSource.manager.find(SigningKeyEntity, {
      where: { retiredAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  newest(): Promise<SigningKeyEntity | null> {
    return this.dataSource.manager.findOne(SigningKeyEntity, {
      where: { retiredAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
  }

  async insert(key: Omit<SigningKeyEntity, 'createdAt'>): Promise<void> {
    await this.dataSource.manager.insert(SigningKeyEntity, key);
  }
}
