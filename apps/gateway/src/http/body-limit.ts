import { DocketException } from '@docket/platform';
import type { FastifyInstance } from 'fastify';

import { sendApiError } from './api-error.filter';

/**
 * How much of a body over the limit is read (and thrown away) so that its refusal reaches the
 * client. Past this the connection is closed mid-upload: answering is then worth less than the
 * bandwidth an abusive client would make us spend.
 */
export const BODY_DRAIN_LIMIT = 32 * 1024 * 1024;

/**
 * A body whose Content-Length is over the route's limit is refused before any of it is parsed,
 * and before anything else about the request is looked at. Fastify refused it too, but closed
 * the connection while the client was still sending: Node's fetch and other common clients
 * then saw a reset (EPIPE) instead of the 400. Here the rest of the body is read and discarded
 * (up to BODY_DRAIN_LIMIT) and the refusal is sent once the client has finished, on a
 * connection that stays usable.
 */
export function installBodyLimit(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', (request, reply, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? fastify.initialConfig.bodyLimit ?? 0;
    const declared = Number(request.headers['content-length']);
    if (!(declared > limit)) return done(null, payload);
    const refusal = DocketException.invalid(
      `Request body is larger than the limit of ${limit} bytes`,
    );
    if (declared > BODY_DRAIN_LIMIT) {
      void reply.header('connection', 'close');
      sendApiError(reply, refusal, request.traceId);
      return;
    }
    // Node's parser ends the body at its Content-Length, so at most BODY_DRAIN_LIMIT is read.
    payload.once('end', () => sendApiError(reply, refusal, request.traceId));
    // The client went away mid-body: there is no one to answer.
    payload.once('error', () => undefined);
    payload.resume();
  });
}
