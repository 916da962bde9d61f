import { Env, TemporalConfig } from '@docket/platform';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';

/**
 * The settings of a service whose nodes call out: the worker (write-back, HTTP request and
 * hosted-model nodes of runs) and flows (the previews of AI nodes with a hosted model).
 */
export class OutboundConfig extends TemporalConfig {
  @Env('OUTBOUND_HTTP_TIMEOUT_MS', 'Upper bound of one write-back or HTTP-request node call')
  @IsInt()
  @Min(100)
  @Max(120_000)
  outboundTimeoutMs = 15_000;

  @Env('OUTBOUND_HTTP_MAX_RESPONSE_BYTES', 'Responses larger than this fail the node')
  @IsInt()
  @Min(1024)
  outboundMaxResponseBytes = 1024 * 1024;

  @Env(
    'HOSTED_MODEL_CONCURRENCY_PER_ORGANIZATION',
    'Hosted-model calls one organization has in flight at once in this process',
  )
  @IsInt()
  @Min(1)
  hostedModelConcurrency = 4;

  @Env(
    'OUTBOUND_ALLOW_LOOPBACK_HTTP',
    'Allow plain http to loopback targets (test receivers, the local demo receiver); ' +
      'ignored when DOCKET_ENV=production',
  )
  @IsBoolean()
  allowLoopbackHttp = false;

  /**
   * The SSRF exception exists for local stacks only (the test and dev profiles switch it on);
   * production ignores the switch.
   */
  loopbackHttpAllowed(): boolean {
    return this.environment !== 'production' && this.allowLoopbackHttp;
  }
}
