import { ERROR_CODES } from '@docket/platform';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ApiErrorSchema {
  @ApiProperty({ enum: Object.keys(ERROR_CODES), description: 'Machine-readable code' })
  code!: string;

  @ApiProperty({ description: 'Human-readable message' })
  message!: string;

  @ApiProperty({ description: 'Same as the X-Service-Trace-Id header' })
  traceId!: string;

  @ApiPropertyOptional({ description: 'Structured context, e.g. the invalid fields', type: Object })
  details?: Record<string, unknown>;
}
