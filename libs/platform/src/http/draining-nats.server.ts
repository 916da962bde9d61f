import { NatsOptions, ServerNats } from '@nestjs/microservices';
import type { Msg, NatsConnection, NatsError, Subscription } from 'nats';

type NatsServerOptions = Required<NatsOptions>['options'];

/**
 * The NATS transport with a shutdown that loses nothing. Nest's own graceful mode calls
 * `unsubscribe()`, which drops every message the server routed to this replica before it saw
 * the UNSUB: the caller then waits for its timeout. Here each subscription is drained instead
 * (the server stops routing to us, and messages already on their way are still handled), then
 * the handlers in flight may finish within the grace period before the connection closes.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly drained: Subscription[] = [];
  private inFlight = 0;
  private readonly gracePeriodMs: number;
  private readonly defaultQueue?: string;

  constructor(options: NatsServerOptions) {
    // The base class must not unsubscribe-and-wait on its own: close() below does it properly.
    super({ ...options, gracefulShutdown: false });
    this.gracePeriodMs = options.gracePeriod ?? 10_000;
    this.defaultQueue = options.queue;
  }

  override bindEvents(client: NatsConnection): void {
    for (const [channel, handlerRef] of this.messageHandlers) {
      const handle = this.getMessageHandler(channel) as (
        error: NatsError | null,
        message: Msg,
      ) => Promise<unknown>;
      const subscription = client.subscribe(channel, {
        queue: (handlerRef.extras?.queue as string | undefined) ?? this.defaultQueue,
        callback: (error, message) => void this.track(handle.call(this, error, message)),
      });
      this.drained.push(subscription);
    }
  }

  /**
   * Our patterns are plain subjects (`subjectOf`), never JSON: Nest's version tries JSON.parse
   * on every incoming message and throws (building a stack trace) each time.
   */
  override getRouteFromPattern(pattern: string): string {
    return pattern.startsWith('{') ? super.getRouteFromPattern(pattern) : pattern;
  }

  override async close(): Promise<void> {
    await Promise.all(this.drained.map((subscription) => subscription.drain().catch(() => {})));
    const deadline = Date.now() + this.gracePeriodMs;
    while (this.inFlight > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await super.close();
  }

  private async track(handling: Promise<unknown>): Promise<void> {
    this.inFlight++;
    try {
      await handling;
    } finally {
      this.inFlight--;
    }
  }
}
