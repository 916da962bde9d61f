import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';

export type ReadinessProbe = () => Promise<unknown>;

/**
 * Infrastructure modules register a probe for each dependency they hold; /readyz runs them all.
 * Readiness means "my dependencies answer", so a pod that lost its database leaves the Service.
 */
@Injectable()
export class ReadinessRegistry implements BeforeApplicationShutdown {
  private readonly probes = new Map<string, ReadinessProbe>();
  private draining = false;

  /** A process that is shutting down reports not-ready at once, so load balancers move on. */
  beforeApplicationShutdown(): void {
    this.draining = true;
  }

  register(name: string, probe: ReadinessProbe): void {
    this.probes.set(name, probe);
  }

  async check(timeoutMs = 2000): Promise<Record<string, 'up' | string>> {
    if (this.draining) return { shutdown: 'draining' };
    const entries = await Promise.all(
      [...this.probes].map(async ([name, probe]) => {
        try {
          await withTimeout(probe(), timeoutMs);
          return [name, 'up'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : 'down'] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expiry]).finally(() => clearTimeout(timer));
}
