import { ApiProperty } from '@nestjs/swagger';

export class EnvironmentRecord {
  @ApiProperty({ format: 'uuid' }) environmentId!: string;
  @ApiProperty({ example: 'production' }) name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
