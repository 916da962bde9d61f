import { defineContract, Role } from '@docket/platform';
import { IsOptional, IsString } from 'class-validator';

export class ResolveAccessRequest {
  @IsString()
  userId!: string;
  /** The API key the caller's token was bought with: inactive once it is revoked. */
  @IsOptional()
  @IsString()
  apiKeyId?: string;
  /** The sign-on session the caller's token was refreshed from: inactive once signed out. */
  @IsOptional()
  @IsString()
  sessionId?: string;
}

export interface ResolvedAccess {
  active: boolean;
  /** The user's role now: a role changed after the token was issued applies at once. */
  role?: Role;
  projectAccess: 'all' | string[];
}

/**
 * identity.access.resolve.v1 — which projects a user may see now (grants change after login),
 * and whether the user and the API key behind the token still stand.
 */
export const ResolveAccessV1 = defineContract<ResolveAccessRequest, ResolvedAccess>(
  'identity.access.resolve.v1',
  ResolveAccessRequest,
);
