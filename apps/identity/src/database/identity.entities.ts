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

export const IDENTITY_ENTITIES = [
  OrganizationEntity,
  WorkspaceEntity,
  ProjectEntity,
  UserEntity,
  ProjectGrantEntity,
  ApiKeyEntity,
  SigningKeyEntity,
];
