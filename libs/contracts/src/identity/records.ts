import { ROLES } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

/** Records returned by several identity subjects. */
export class WorkspaceRecord {
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class ProjectRecord {
  @ApiProperty({ format: 'uuid' }) projectId!: string;
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class UserRecord {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ROLES }) role!: string;
  @ApiProperty({ type: [String], description: 'Projects granted (Admins see every project)' })
  projectIds!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ description: 'False once deactivated: no sign-in, no keys, no sessions' })
  active!: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  deactivatedAt!: string | null;
}

/** An organization's OpenID Connect provider; its client secret is never returned. */
export class IdentityProviderRecord {
  @ApiProperty({ format: 'uuid' }) identityProviderId!: string;
  @ApiProperty({ example: 'Acme Entra ID' }) name!: string;
  @ApiProperty({ example: 'https://login.acme.example/tenant/v2.0' }) issuer!: string;
  @ApiProperty({ example: 'docket-console' }) clientId!: string;
  @ApiProperty({ type: [String], example: ['acme.example'] }) domains!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}
