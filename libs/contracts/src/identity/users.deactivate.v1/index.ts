import { defineContract } from '@docket/platform';
import { IsUUID } from 'class-validator';

import { UserRecord } from '../records';

export class DeactivateUserRequest {
  @IsUUID('4')
  userId!: string;
}

/**
 * identity.users.deactivate.v1 — someone who left: their sessions end, their API keys are
 * revoked and their single sign-on is refused, at once and for good.
 */
export const DeactivateUserV1 = defineContract<DeactivateUserRequest, UserRecord>(
  'identity.users.deactivate.v1',
  DeactivateUserRequest,
);
