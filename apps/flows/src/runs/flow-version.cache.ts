import { Injectable } from '@nestjs/common';

import { FlowVersionRepository } from '../database/flow-version.repository';
import { FlowVersionEntity } from '../database/flows.entities';

const CAPACITY = 500;

/**
 * Published versions never change, so the run path reads each snapshot from PostgreSQL once
 * and keeps it (a bounded map, oldest first out).
 */
@Injectable()
export class FlowVersionCache {
  private readonly versions = new Map<string, FlowVersionEntity>();

  constructor(private readonly flowVersions: FlowVersionRepository) {}

  async get(versionId: string): Promise<FlowVersionEntity | null> {
    const cached = this.versions.get(versionId);
    if (cached) return cached;
    const version = await this.flowVersions.find(versionId);
    if (!version) return null;
    if (this.versions.size >= CAPACITY) {
      this.versions.delete(this.versions.keys().next().value as string);
    }
    this.versions.set(versionId, version);
    return version;
  }
}
