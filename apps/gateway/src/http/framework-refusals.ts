import type { Socket } from 'node:net';

import { createLogger, DocketException, httpStatusOf, newTraceId } from '@docket/platform';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { ApiErrorBody, sendApiError } from './api-error.filter';

const logger = createLogger('framework-refusal');

/**
 * Refusals that Fastify or Node's HTTP parser make before any hook of ours runs keep the API
 * contract: an APIError body (status from the code registry) and an X-Service-Trace-Id.
 */

/** Fastify's router refusals: a path parameter over maxParamLength (was 414), a bad URL. */
export function answerRouterRefusal(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const traceId = newTraceId();
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long'
      : 'The URL is not valid';
  void reply.header('X-Service-Trace-Id', traceId);
  sendApiError(reply, DocketException.invalid(message), traceId);
  logger.info({ traceId, code: error.code, method: request.method }, 'router refusal');
}

/**
 * Node's HTTP parser refusals (headers over the size limit, was 431; malformed requests): there
 * is no request object yet, so the response is written to the socket directly.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const traceId = newTraceId();
  const refusal =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new DocketException('SERVICE_UNAVAILABLE', 'The request was not received in time')
      : DocketException.invalid(
          error.code === 'HPE_HEADER_OVERFLOW'
            ? 'Request headers are too large'
            : 'Malformed HTTP request',
        );
  const body: ApiErrorBody = { code: refusal.code, message: refusal.message, traceId };
  const json = JSON.stringify(body);
  const status = httpStatusOf(refusal.code);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 400 ? 'Bad Request' : 'Service Unavailable'}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `X-Service-Trace-Id: ${traceId}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
  logger.info({ traceId, code: error.code }, 'client error');
}
