import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'organizations' })
export class OrganizationEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('text') name!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

@Entity({ name: 'workspaces' })
@Index(['organizationId', 'name'], { unique: true })
export class WorkspaceEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('text') name!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

@Entity({ name: 'projects' })
export class ProjectEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('uuid', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text') name!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('text') email!: string;
  @Column('text') name!: string;
  @Column('text') role!: 'Admin' | 'Partner' | 'Reviewer';
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  /** Set when the person left: no sign-in, keys or sessions from then on. */
  @Column('timestamptz', { name: 'deactivated_at', nullable: true }) deactivatedAt!: Date | null;
}

@Entity({ name: 'project_grants' })
export class ProjectGrantEntity {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @PrimaryColumn('uuid', { name: 'project_id' }) projectId!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
}

@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('text') name!: string;
  @Column('text') prefix!: string;
  @Column('text', { name: 'key_hash' }) keyHash!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
}

@Entity({ name: 'signing_keys' })
export class SigningKeyEntity {
  @PrimaryColumn('text') kid!: string;
  @Column('text') algorithm!: string;
  @Column('text', { name: 'private_key_sealed' }) privateKeySealed!: string;
  @Column('jsonb', { name: 'public_jwk' }) publicJwk!: Record<string, string>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'retired_at', nullable: true }) retiredAt!: Date | null;
}

@Entity({ name: 'identity_providers' })
export class IdentityProviderEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('text') name!: string;
  @Column('text') issuer!: string;
  @Column('text', { name: 'client_id' }) clientId!: string;
  @Column('text', { name: 'client_secret_sealed' }) clientSecretSealed!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

/** One row per e-mail domain: the primary key makes a domain belong to one provider anywhere. */
@Entity({ name: 'identity_provider_domains' })
export class IdentityProviderDomainEntity {
  @PrimaryColumn('text') domain!: string;
  @Column('uuid', { name: 'identity_provider_id' }) identityProviderId!: string;
}

/** A sign-in in flight: what the callback must match (state) and prove (PKCE, nonce). */
@Entity({ name: 'sso_logins' })
export class SsoLoginEntity {
  @PrimaryColumn('text', { name: 'state_hash' }) stateHash!: string;
  @Column('uuid', { name: 'identity_provider_id' }) identityProviderId!: string;
  @Column('text', { name: 'code_verifier' }) codeVerifier!: string;
  @Column('text') nonce!: string;
  @Column('text', { name: 'return_to' }) returnTo!: string;
  /** The e-mail typed at the start: the ID token must name the same person. */
  @Column('text') email!: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
}

/** A signed-in browser: the refresh token's hash rotates on every use. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'organization_id' }) organizationId!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @Column('text', { name: 'token_hash' }) tokenHash!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
  /** Where the person signed in, and the ID token: sign-out ends the provider's session too. */
  @Column('uuid', { name: 'identity_provider_id', nullable: true })
  identityProviderId!: string | null;
  @Column('text', { name: 'id_token', nullable: true }) idToken!: string | null;
}

export const IDENTITY_ENTITIES = [
  OrganizationEntity,
  WorkspaceEntity,
  ProjectEntity,
  UserEntity,
  ProjectGrantEntity,
  ApiKeyEntity,
  SigningKeyEntity,
  IdentityProviderEntity,
  IdentityProviderDomainEntity,
  SsoLoginEntity,
  SessionEntity,
];
