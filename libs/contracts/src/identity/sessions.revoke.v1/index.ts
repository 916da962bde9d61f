import { defineContract } from '@docket/platform';
import { IsString, Length } from 'class-validator';

export class RevokeSessionRequest {
  @IsString()
  @Length(1, 200)
  refreshToken!: string;
}

export class SessionRevoked {
  revoked!: boolean;
  /**
   * The provider's end-session URL (RP-initiated logout) when it has one: the browser goes
   * there so the provider forgets the person too, and comes back to the console.
   */
  logoutUrl?: string;
}

export const RevokeSessionV1 = defineContract<RevokeSessionRequest, SessionRevoked>(
  'identity.sessions.revoke.v1',
  RevokeSessionRequest,
);
