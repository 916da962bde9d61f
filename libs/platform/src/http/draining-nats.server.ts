import { NatsOptions, ServerNats } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';

import { TurnEndQueue } from '../batching/turn-end-queue';
import { createLogger } from '../logging/logger';
import { BoundRpcHandler, dispatchRpc } from '../rpc/rpc-dispatch';

type NatsServerOptions = Required<NatsOptions>['options'];

const logger = createLogger('rpc-server');

/**
 * The NATS transport of a service: one queue-group subscription per `@RpcHandler`, whose
 * callback calls the handler directly (`dispatchRpc`: validation, trace id, logs, metrics,
 * error mapping) and answers in Nest's packet format. Nest's microservice router, pipes and
 * rxjs plumbing are not on the path: they cost a measurable share of every call and added
 * nothing our handlers use (docs/benchmarks.md). Nest still owns the lifecycle: `listen` on
 * start, `close` on shutdown.
 *
 * The shutdown loses nothing. Nest's own graceful mode calls `unsubscribe()`, which drops every
 * message the server routed to this replica before it saw the UNSUB: the caller then waits for
 * its timeout. Here each subscription is drained instead (the server stops routing to us, and
 * messages already on their way are still handled), then the handlers in flight may finish
 * within the grace period before the connection closes.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly drained: Subscription[] = [];
  /** Answers sent in one turn leave in one socket write (TurnEndQueue). */
  private readonly turnEnd = new TurnEndQueue();
  private inFlight = 0;
  private readonly gracePeriodMs: number;
  private readonly defaultQueue?: string;

  constructor(
    options: NatsServerOptions,
    private readonly handlers: readonly BoundRpcHandler[],
  ) {
    // The base class must not unsubscribe-and-wait on its own: close() below does it properly.
    super({ ...options, gracefulShutdown: false });
    this.gracePeriodMs = options.gracePeriod ?? 10_000;
    this.defaultQueue = options.queue;
  }

  override bindEvents(client: NatsConnection): void {
    for (const handler of this.handlers) {
      const subscription = client.subscribe(handler.subject, {
        queue: this.defaultQueue,
        callback: (error, message) => {
          if (error) {
            logger.error({ err: error, subject: handler.subject }, 'subscription failed');
            return;
          }
          void this.track(this.answer(handler, message));
        },
      });
      this.drained.push(subscription);
    }
  }

  override async close(): Promise<void> {
    await Promise.all(this.drained.map((subscription) => subscription.drain().catch(() => {})));
    const deadline = Date.now() + this.gracePeriodMs;
    while (this.inFlight > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await super.close();
  }

  private async answer(handler: BoundRpcHandler, message: Msg): Promise<void> {
    const reply = await dispatchRpc(handler, message.data, message.headers);
    if (!message.reply) return;
    // Awaited, so a call counts as in flight until its answer has left (see close()).
    await this.turnEnd
      .run(() => message.respond(reply))
      .catch((error: unknown) =>
        logger.error({ err: error, subject: handler.subject }, 'could not send the reply'),
      );
  }

  private async track(handling: Promise<unknown>): Promise<void> {
    this.inFlight++;
    try {
      await handling;
    } catch (error) {
      logger.error({ err: error }, 'service call failed outside its handler');
    } finally {
      this.inFlight--;
    }
  }
}
