import { ApiProperty } from '@nestjs/swagger';

import { NODE_TYPES, NodeType } from './flow-graph.types';

/** One node type of GET /node-types; the catalog itself is libs/nodes' (NODE_CATALOG). */
export class NodeTypeRecord {
  @ApiProperty({ enum: NODE_TYPES }) type!: NodeType;
  @ApiProperty({
    enum: ['Triggers', 'Apps', 'Utilities', 'Actions', 'Controls', 'AI intelligence'],
  })
  category!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({
    type: [String],
    nullable: true,
    description: 'Branches its outgoing edges carry; null when its configuration names them',
  })
  branches!: string[] | null;
  @ApiProperty({ type: Object, description: 'JSON Schema of the node configuration' })
  configSchema!: Record<string, unknown>;
}
