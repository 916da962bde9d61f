import { ACCESS_CHANGED_SUBJECT } from '@docket/contracts';
import { RpcClient } from '@docket/platform';
import { Injectable } from '@nestjs/common';

/**
 * Tells every gateway to forget what it cached about a user's access. Fire-and-forget on core
 * NATS is enough: the gateway cache also expires by itself within seconds.
 */
@Injectable()
export class AccessEvents {
  constructor(private readonly rpc: RpcClient) {}

  accessChanged(userId: string): void {
    this.rpc.broadcast(ACCESS_CHANGED_SUBJECT, { userId });
  }
}
