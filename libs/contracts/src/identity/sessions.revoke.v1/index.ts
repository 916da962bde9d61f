import { defineContract } from '@docket/platform';
import { IsString, Length } from 'class-validator';

export class RevokeSessionRequest {
  @IsString()
  @Length(1, 200)
  refreshToken!: string;
}

export class SessionRevoked {
  revoked!: boolean;
}

export const RevokeSessionV1 = defineContract<RevokeSessionRequest, SessionRevoked>(
  'identity.sessions.revoke.v1',
  RevokeSessionRequest,
);
