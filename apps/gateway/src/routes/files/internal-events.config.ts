import { DEVELOPMENT_INTERNAL_EVENTS_SECRET } from '@docket/contracts';
import { BaseConfig, Env } from '@docket/platform';
import { IsString, MinLength } from 'class-validator';

export class InternalEventsConfig extends BaseConfig {
  @Env(
    'DOCKET_INTERNAL_EVENTS_SECRET',
    'Shared secret of POST /internal/storage/events (Azure Event Grid delivers it in the ' +
      'x-docket-internal-secret header); at least 32 characters',
    { secret: true },
  )
  @IsString()
  @MinLength(32)
  secret = DEVELOPMENT_INTERNAL_EVENTS_SECRET;
}

export function assertInternalSecretSafe(config: InternalEventsConfig): void {
  if (config.environment === 'production' && config.secret === DEVELOPMENT_INTERNAL_EVENTS_SECRET) {
    throw new Error('DOCKET_INTERNAL_EVENTS_SECRET must be set in production');
  }
}
