import { createHash, timingSafeEqual } from 'node:crypto';

import {
  INTERNAL_EVENTS_PATH,
  INTERNAL_EVENTS_SECRET_HEADER,
  MAX_BLOBS_PER_REPORT,
  ReportBlobsCreatedV1,
} from '@docket/contracts';
import {
  DocketException,
  enveloped,
  loadConfig,
  routeAccessConfig,
  RpcClient,
  runWithTrace,
} from '@docket/platform';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { sendApiError, toDocketException } from '../../http/api-error.filter';
import { parseEventGridDelivery } from './event-grid.parser';
import { assertInternalSecretSafe, InternalEventsConfig } from './internal-events.config';

/**
 * POST /internal/storage/events: Azure Event Grid pushes Microsoft.Storage.BlobCreated events
 * here, so uploads are noticed at once in production (the files reconciler remains the safety
 * net, and the only detector on Azurite besides reads).
 *
 * Authentication is the shared secret DOCKET_INTERNAL_EVENTS_SECRET in the
 * `x-docket-internal-secret` header (configure it as a secret delivery property of the Event
 * Grid subscription), never a user token: the caller is Azure, not a user. The route declares
 * `internal` access like any other route declares its access, so the request gate lets it pass
 * without a user token or per-user limit and its handler checks the secret; the trace id and
 * request log apply as everywhere. It is left out of the public OpenAPI.
 *
 * Answers: 200 `{success, message, validationResponse}` to the subscription handshake; 200
 * `{success, message, matchedFileIds}` to blob events (events about other blobs are ignored;
 * an event is only a hint, the files service checks storage itself); 401 UNAUTHENTICATED
 * without the right secret; 400 for a body that is not an Event Grid delivery.
 */
@Injectable()
export class InternalEventsRoute implements OnModuleInit {
  private readonly secretDigest: Buffer;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly rpc: RpcClient,
  ) {
    const config = loadConfig(InternalEventsConfig);
    assertInternalSecretSafe(config);
    this.secretDigest = digest(config.secret);
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.route({
      method: 'POST',
      url: INTERNAL_EVENTS_PATH,
      config: routeAccessConfig('internal'),
      handler: async (request, reply) => {
        await runWithTrace(request.traceId, () => this.answer(request, reply));
        return reply;
      },
    });
  }

  private async answer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    try {
      if (!this.authorised(request.headers[INTERNAL_EVENTS_SECRET_HEADER])) {
        throw DocketException.unauthenticated(`Missing or wrong ${INTERNAL_EVENTS_SECRET_HEADER}`);
      }
      const delivery = parseEventGridDelivery(request.body);
      if (delivery.kind === 'invalid') {
        throw DocketException.invalid(`Not an Event Grid delivery: ${delivery.reason}`);
      }
      if (delivery.kind === 'validation') {
        await reply
          .status(200)
          .send(
            enveloped('Subscription validated', { validationResponse: delivery.validationCode }),
          );
        return;
      }
      const matchedFileIds: string[] = [];
      for (let start = 0; start < delivery.blobs.length; start += MAX_BLOBS_PER_REPORT) {
        const blobs = delivery.blobs.slice(start, start + MAX_BLOBS_PER_REPORT);
        const result = await this.rpc.call(ReportBlobsCreatedV1, { blobs }, null);
        matchedFileIds.push(...result.matchedFileIds);
      }
      await reply
        .status(200)
        .send(
          enveloped(
            `${delivery.blobs.length} blob events, ${matchedFileIds.length} matched uploads`,
            { matchedFileIds },
          ),
        );
    } catch (error) {
      await sendApiError(reply, toDocketException(error), request.traceId);
    }
  }

  private authorised(header: string | string[] | undefined): boolean {
    if (typeof header !== 'string' || header.length === 0) return false;
    return timingSafeEqual(digest(header), this.secretDigest);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
