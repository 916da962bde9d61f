import { FlowGraph, GetFileV1, NodeType } from '@docket/contracts';
import { Actor, DocketException, RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

/**
 * Node settings that name a resource of the organization, declared once per node type. A draft
 * naming another organization's resource (or one that does not exist, or one the caller may not
 * see) is refused when it is saved, with the same 404 as any foreign id, so a flow can never be
 * built to read what its builder could not read directly.
 */
interface ResourceKind {
  readonly name: string;
  /** Resolves as the caller; rejects with NOT_FOUND when the caller may not see the id. */
  readonly check: (rpc: RpcClient, actor: Actor, id: string) => Promise<unknown>;
}

const FILE: ResourceKind = {
  name: 'File',
  check: (rpc, actor, fileId) => rpc.call(GetFileV1, { fileId }, actor),
};

const REFERENCED_RESOURCES: Partial<Record<NodeType, Record<string, ResourceKind>>> = {
  'action.matching': { referenceFileId: FILE },
};

@Injectable()
export class ReferencedResources {
  constructor(private readonly rpc: RpcClient) {}

  async assertVisible(actor: Actor, graph: FlowGraph): Promise<void> {
    for (const node of graph.nodes) {
      const settings = REFERENCED_RESOURCES[node.type];
      if (!settings) continue;
      for (const [setting, kind] of Object.entries(settings)) {
        const id = (node.config as Record<string, unknown> | undefined)?.[setting];
        if (typeof id !== 'string') continue;
        try {
          await kind.check(this.rpc, actor, id);
        } catch (error) {
          if (error instanceof DocketException && error.code === 'NOT_FOUND') {
            throw DocketException.notFound(`${kind.name} ${id} (${setting} of node "${node.id}")`);
          }
          throw error;
        }
      }
    }
  }
}
