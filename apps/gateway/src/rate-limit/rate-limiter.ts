import { TurnEndQueue } from '@docket/platform';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';

import { GatewayConfig } from '../gateway.config';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window frees a request. */
  resetSeconds: number;
}

const WINDOW_MS = 60_000;

/**
 * A sliding log per key in a Redis sorted set, evaluated atomically in one script with the
 * server's clock, so every gateway replica sees the same rolling minute.
 */
const SLIDING_WINDOW = `
local key = KEYS[1]
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local nonce = ARGV[3]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local allowed = 0
if count < limit then
  redis.call('ZADD', key, now, now .. ':' .. nonce)
  count = count + 1
  allowed = 1
end
redis.call('PEXPIRE', key, window)
local reset = 0
if count >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  if oldest[2] then reset = tonumber(oldest[2]) + window - now end
end
return { allowed, limit - count, reset }
`;

interface WindowCommands {
  slidingWindow(
    key: string,
    window: number,
    limit: number,
    nonce: string,
  ): Promise<[number, number, number]>;
}

@Injectable()
export class RateLimiter implements OnApplicationShutdown {
  readonly redis: Redis;
  private readonly turnEnd = new TurnEndQueue();
  private nonce = 0;

  constructor(private readonly config: GatewayConfig) {
    this.redis = new Redis(config.redisUrl, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      // With the TurnEndQueue below, the window scripts of every request read in one
      // event-loop turn leave in one socket write; still one script call per request.
      enableAutoPipelining: true,
    });
    this.redis.defineCommand('slidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW });
  }

  private get commands(): WindowCommands {
    return this.redis as unknown as WindowCommands;
  }

  /** Records one request under `key` if the rolling minute has room for it. */
  async consume(key: string, limit = this.config.rateLimitPerMinute): Promise<RateDecision> {
    const nonce = `${process.pid}-${++this.nonce}-${Math.random().toString(36).slice(2, 8)}`;
    const [allowed, remaining, resetMs] = await this.turnEnd.run(() =>
      this.commands.slidingWindow(this.redisKey(key), WINDOW_MS, limit, nonce),
    );
    return {
      allowed: allowed === 1,
      limit,
      remaining: Math.max(0, remaining),
      resetSeconds: Math.ceil(resetMs / 1000),
    };
  }

  private redisKey(key: string): string {
    return `${this.config.natsPrefix}:rate:${key}`;
  }

  async onApplicationShutdown(): Promise<void> {
    this.redis.disconnect();
  }
}
