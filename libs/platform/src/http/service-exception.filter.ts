import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { FastifyReply } from 'fastify';
import { Observable, throwError } from 'rxjs';

import { toWireError, WireError } from '../errors/docket.exception';
import { createLogger } from '../logging/logger';

const logger = createLogger('errors');

/**
 * Backend services speak HTTP only for health and metrics; everything else arrives over NATS.
 * This filter keeps both transports from leaking internals.
 */
@Catch()
export class ServiceExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    if (host.getType() === 'rpc') {
      const wire: WireError =
        exception instanceof RpcException
          ? toWireError(exception.getError())
          : toWireError(exception);
      if (wire.code === 'INTERNAL') logger.error({ err: exception }, 'unhandled service error');
      return throwError(() => wire);
    }
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    void reply
      .status(status)
      .send({ code: status === 404 ? 'NOT_FOUND' : 'INTERNAL', message: 'Not available' });
  }
}
