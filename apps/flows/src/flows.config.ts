import { DEVELOPMENT_MASTER_KEY, Env, TemporalConfig } from '@docket/platform';
import { IsString } from 'class-validator';

export class FlowsConfig extends TemporalConfig {
  @Env('DOCKET_MASTER_KEY', 'Base64 32-byte key that wraps the variables data keys', {
    secret: true,
  })
  @IsString()
  masterKey = DEVELOPMENT_MASTER_KEY;
}
