import { defineContract, ROLES } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class RefreshSessionRequest {
  @IsString()
  @Length(1, 200)
  refreshToken!: string;
}

export class SessionUser {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'riley@acme.example' }) email!: string;
  @ApiProperty({ example: 'Riley Reviewer' }) name!: string;
  @ApiProperty({ enum: ROLES }) role!: string;
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
}

/** What the console receives; the rotated refresh token goes only into the cookie. */
export class SessionAccess {
  @ApiProperty({ description: 'The same EdDSA access token the API key exchange issues' })
  accessToken!: string;

  @ApiProperty({ enum: ['Bearer'] })
  tokenType!: 'Bearer';

  @ApiProperty({ description: 'Access token lifetime in seconds', example: 900 })
  expiresIn!: number;

  @ApiProperty({ type: SessionUser })
  user!: SessionUser;
}

export class SessionRefreshed extends SessionAccess {
  refreshToken!: string;
  refreshExpiresIn!: number;
}

export const RefreshSessionV1 = defineContract<RefreshSessionRequest, SessionRefreshed>(
  'identity.sessions.refresh.v1',
  RefreshSessionRequest,
);
