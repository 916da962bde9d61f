import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { ReadinessRegistry } from './readiness.registry';
import { RouteAccessOf } from './route-access.decorator';

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessRegistry) {}

  @Get('healthz')
  @RouteAccessOf('probe')
  @HttpCode(200)
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @RouteAccessOf('probe')
  async readyz(@Res() reply: FastifyReply): Promise<void> {
    const checks = await this.readiness.check();
    const ready = Object.values(checks).every((state) => state === 'up');
    await reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
  }
}
