import { OutboundConfig } from '@docket/nodes';
import { DEVELOPMENT_MASTER_KEY, Env } from '@docket/platform';
import { IsString } from 'class-validator';

/** Flows' settings; its outbound ones are the previews' calls to a hosted model. */
export class FlowsConfig extends OutboundConfig {
  @Env('DOCKET_MASTER_KEY', 'Base64 32-byte key that wraps the variables data keys', {
    secret: true,
  })
  @IsString()
  masterKey = DEVELOPMENT_MASTER_KEY;
}
