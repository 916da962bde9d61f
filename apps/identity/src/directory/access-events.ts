import { ACCESS_CHANGED_SUBJECT } from '@docket/contracts';
import { NATS_CLIENT, subjectOf } from '@docket/platform';
import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';

/**
 * Tells every gateway to forget what it cached about a user's access. Fire-and-forget on core
 * NATS is enough: the gateway cache also expires by itself within seconds.
 */
@Injectable()
export class AccessEvents {
  constructor(@Inject(NATS_CLIENT) private readonly nats: ClientProxy) {}

  accessChanged(userId: string): void {
    this.nats
      .emit(subjectOf({ subject: ACCESS_CHANGED_SUBJECT }), { userId })
      .subscribe({ error: () => undefined });
  }
}
