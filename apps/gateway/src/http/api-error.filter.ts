import {
  createLogger,
  DocketException,
  ERROR_CODES,
  ErrorCode,
  httpStatusOf,
} from '@docket/platform';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

const logger = createLogger('api-error');

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  traceId: string;
  details?: Record<string, unknown>;
}

/** Every error response of the API, built in one place: status from the code registry. */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const error = toDocketException(exception);
    if (error.code === 'INTERNAL')
      logger.error({ err: exception, url: request.url }, 'unhandled error');
    void sendApiError(reply, error, request.traceId);
  }
}

export function sendApiError(
  reply: FastifyReply,
  error: DocketException,
  traceId: string,
): FastifyReply {
  const body: ApiErrorBody = { code: error.code, message: error.message, traceId };
  if (error.details) body.details = error.details;
  return reply.status(httpStatusOf(error.code)).type('application/json').send(body);
}

/** Framework errors (unknown route, malformed JSON, wrong media type) speak the same language. */
export function toDocketException(exception: unknown): DocketException {
  if (exception instanceof DocketException) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) return DocketException.notFound('Route');
    if (status === 401) return DocketException.unauthenticated();
    if (status < 500) return DocketException.invalid(exception.message);
    return new DocketException('INTERNAL', 'Internal error');
  }
  const fastifyError = exception as { statusCode?: number; code?: string; message?: string };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode < 500) {
    return DocketException.invalid(describeFrameworkError(fastifyError.code, fastifyError.message));
  }
  return new DocketException('INTERNAL', ERROR_CODES.INTERNAL.description);
}

function describeFrameworkError(code: string | undefined, message: string | undefined): string {
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return 'Unsupported Content-Type: send application/json';
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body too large';
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return 'Request body is empty but Content-Type is application/json';
  if (code?.startsWith('FST_ERR_CTP') || message?.includes('JSON')) return 'Malformed JSON body';
  return message ?? 'Invalid request';
}
