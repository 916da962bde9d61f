import { Global, Module } from '@nestjs/common';

import { MetricsController } from '../metrics/metrics.controller';
import { HealthController } from './health.controller';
import { ReadinessRegistry } from './readiness.registry';

@Global()
@Module({
  controllers: [HealthController, MetricsController],
  providers: [ReadinessRegistry],
  exports: [ReadinessRegistry],
})
export class HealthModule {}
