import { ROLES } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

/** Records returned by several identity subjects. */
export class WorkspaceRecord {
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class ProjectRecord {
  @ApiProperty({ format: 'uuid' }) projectId!: string;
  @ApiProperty({ format: 'uuid' }) workspaceId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class UserRecord {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() email!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ROLES }) role!: string;
  @ApiProperty({ type: [String], description: 'Projects granted (Admins see every project)' })
  projectIds!: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
