import { GetFileLayoutV1, PageLayoutRecord } from '@docket/contracts';
import { Actor, pageOf, RpcClient } from '@docket/platform';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';
import { FileLayoutQuery } from './file-layout.queries';

export class FileLayoutResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [PageLayoutRecord] }) data!: PageLayoutRecord[];
  @ApiProperty() page!: number;
  @ApiProperty() limit!: number;
  @ApiProperty({ description: 'Pages of the file, or of the document when filtered' })
  totalCount!: number;
  @ApiProperty() totalPages!: number;
}

/** The layout is computed by the document-intelligence engine in the flows service. */
@ApiTags('Files')
@Controller('files')
export class FileLayoutController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':fileId/layout')
  @ApiRoute({
    summary: 'Layout of a file without a schema: key-value pairs, tables and reading order',
    description:
      'The view to design an extraction schema from. Per page: `keyValuePairs` (caption and ' +
      'answer with boxes and a 0-1 confidence), `tables` (cells with row/column index, spans ' +
      'and boxes; header cells marked) and `readingOrder`. Boxes are fractions of the page ' +
      '{x, y, width, height} (origin top-left), as in extraction grounding. The file must be ' +
      'READY. `page` 1-10000 (default 1), `limit` 1-20 (default 5); other values are a 400. ' +
      '`documentId` narrows to one document of the file.',
    permission: 'files.read',
    response: FileLayoutResponse,
    errors: ['NOT_FOUND'],
  })
  async layout(
    @Param('fileId', uuidPipe) fileId: string,
    @Query() query: FileLayoutQuery,
    @CurrentActor() actor: Actor,
  ): Promise<FileLayoutResponse> {
    const result = await this.rpc.call(GetFileLayoutV1, { fileId, ...query }, actor);
    return pageOf(result.data, result.page, result.limit, result.totalCount, 'Page layouts');
  }
}
