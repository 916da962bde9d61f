import { GetProjectV1, ProjectRecord } from '@docket/contracts';
import { Actor, assertProjectAccess, RpcClient } from '@docket/platform';

/** The project must be the caller's organization's (else NOT_FOUND) and granted to them. */
export async function projectOf(
  rpc: RpcClient,
  actor: Actor,
  projectId: string,
): Promise<ProjectRecord> {
  const project = await rpc.call(GetProjectV1, { projectId }, { ...actor, projectAccess: 'all' });
  assertProjectAccess(actor, projectId);
  return project;
}
