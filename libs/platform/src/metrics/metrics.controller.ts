import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

import { RouteAccessOf } from '../http/route-access.decorator';
import { metricsRegistry } from './metrics';

@ApiExcludeController()
@Controller()
export class MetricsController {
  @Get('metrics')
  @RouteAccessOf('probe')
  @Header('Content-Type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
