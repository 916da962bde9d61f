import { defineContract } from '@docket/platform';
import { IsString } from 'class-validator';

export class ResolveAccessRequest {
  @IsString()
  userId!: string;
}

export interface ResolvedAccess {
  active: boolean;
  projectAccess: 'all' | string[];
}

/** identity.access.resolve.v1 — which projects a user may see now (grants change after login). */
export const ResolveAccessV1 = defineContract<ResolveAccessRequest, ResolvedAccess>(
  'identity.access.resolve.v1',
  ResolveAccessRequest,
);
