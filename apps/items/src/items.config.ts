import { Env, TemporalConfig } from '@docket/platform';
import { IsInt, Max, Min } from 'class-validator';

export class ItemsConfig extends TemporalConfig {
  @Env(
    'ITEMS_LOCK_IDLE_SECONDS',
    'How long a review lock lives without a heartbeat or write; after it the lock has lapsed ' +
      'and another reviewer may take it over. Default 300 (5 minutes).',
  )
  @IsInt()
  @Min(1)
  @Max(86400)
  lockIdleSeconds = 300;

  @Env(
    'ITEMS_DEFER_SWEEP_SECONDS',
    'How often deferred items whose until-time has passed are returned to REVIEW',
  )
  @IsInt()
  @Min(1)
  deferSweepSeconds = 5;

  @Env(
    'ITEMS_SIGNAL_RETRY_SECONDS',
    'How often undelivered review signals to runs are retried (backoff grows per attempt)',
  )
  @IsInt()
  @Min(1)
  signalRetrySeconds = 5;
}
