import { defineContract } from '@docket/platform';
import { IsOptional, IsString, IsUUID, Length } from 'class-validator';

/**
 * Worker -> flows, actor null: the decrypted variables a run may use, resolved for its
 * environment with the most specific scope winning (flow over project over workspace).
 * Values leave the flows service only through this contract and the Admin reveal.
 */
export class ResolveRunVariablesRequest {
  @IsUUID('4') organizationId!: string;
  @IsUUID('4') environmentId!: string;
  @IsUUID('4') workspaceId!: string;
  @IsUUID('4') projectId!: string;
  @IsString() @Length(1, 100) flowId!: string;
  /** For the audit trail: which run asked. */
  @IsOptional() @IsString() executionId?: string;
}

export interface ResolvedRunVariable {
  name: string;
  value: string;
}

export interface ResolveRunVariablesResponse {
  variables: ResolvedRunVariable[];
}

export const ResolveRunVariablesV1 = defineContract<
  ResolveRunVariablesRequest,
  ResolveRunVariablesResponse
>('flows.variables.resolve.v1', ResolveRunVariablesRequest);
