import { ResolveRunVariablesV1 } from '@docket/contracts';
import { registerSecretForScrubbing, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import type { RunRef } from '../workflows/flow-activities.types';
import { RunSecrets } from './run-secrets';

const CACHE_MS = 30_000;

/**
 * Fetches a run's variables from the flows service (the only holder of the key) and keeps
 * them in memory briefly, so a run of many nodes asks once. Every value is also registered
 * with the logger, which masks it in any log line of this process.
 */
@Injectable()
export class RunSecretsProvider {
  private readonly cache = new Map<string, { secrets: Promise<RunSecrets>; expires: number }>();

  constructor(private readonly rpc: RpcClient) {}

  forRun(run: RunRef): Promise<RunSecrets> {
    if (!run.environmentId) return Promise.resolve(RunSecrets.none());
    const key = [
      run.organizationId,
      run.environmentId,
      run.workspaceId,
      run.projectId,
      run.flowId,
    ].join(':');
    const cached = this.cache.get(key);
    if (cached && cached.expires > Date.now()) return cached.secrets;
    const secrets = this.load(run, run.environmentId);
    secrets.catch(() => this.cache.delete(key));
    this.cache.set(key, { secrets, expires: Date.now() + CACHE_MS });
    this.evictExpired();
    return secrets;
  }

  private async load(run: RunRef, environmentId: string): Promise<RunSecrets> {
    const { variables } = await this.rpc.call(
      ResolveRunVariablesV1,
      {
        organizationId: run.organizationId,
        environmentId,
        workspaceId: run.workspaceId,
        projectId: run.projectId,
        flowId: run.flowId,
        executionId: run.executionId,
      },
      null,
    );
    for (const variable of variables) registerSecretForScrubbing(variable.value);
    return new RunSecrets(new Map(variables.map((v) => [v.name, v.value])));
  }

  private evictExpired(): void {
    if (this.cache.size < 1000) return;
    const now = Date.now();
    for (const [key, entry] of this.cache) if (entry.expires <= now) this.cache.delete(key);
  }
}
