import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { PublicRoute } from './public-route.decorator';
import { ReadinessRegistry } from './readiness.registry';

@ApiExcludeController()
@PublicRoute()
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessRegistry) {}

  @Get('healthz')
  @HttpCode(200)
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(@Res() reply: FastifyReply): Promise<void> {
    const checks = await this.readiness.check();
    const ready = Object.values(checks).every((state) => state === 'up');
    await reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks });
  }
}
