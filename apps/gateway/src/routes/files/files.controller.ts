import {
  CreateFileRequest,
  CreateFileV1,
  GetFileV1,
  GetPageWordsV1,
  ListFilePagesV1,
  pageBoxFromCorners,
} from '@docket/contracts';
import { Actor, enveloped, pageOf, RpcClient } from '@docket/platform';
import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';
import { FilePagesQuery, pageNumberPipe } from './files.queries';
import {
  FileMetadataResponse,
  FilePagesResponse,
  FileUploadResponse,
  PageWordsResponse,
} from './files.responses';

@ApiTags('Files')
@Controller('files')
export class FilesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @ApiRoute({
    summary: 'Request a signed upload URL and create a pending file record',
    description:
      'Then PUT the bytes to `uploadUrl` (header `x-ms-blob-type: BlockBlob`) within 15 minutes. ' +
      'The record moves READY_TO_UPLOAD -> UPLOADED -> PROCESSING -> READY or FAILED ' +
      '(`failureReason` says why); poll GET /files/{fileId}. Uploads above the size cap ' +
      '(FILE_MAX_BYTES, 50 MiB by default) end FAILED with FILE_TOO_LARGE. E-mail (.eml) and ' +
      '.zip files are unpacked into child files (up to 3 levels of nesting).',
    permission: 'files.create',
    idempotent: true,
    status: 201,
    response: FileUploadResponse,
    errors: ['NOT_FOUND', 'UNSUPPORTED_FILE', 'IDEMPOTENCY_CONFLICT'],
  })
  async create(
    @Body() body: CreateFileRequest,
    @CurrentActor() actor: Actor,
  ): Promise<FileUploadResponse> {
    const ticket = await this.rpc.call(CreateFileV1, body, actor);
    const message =
      ticket.status === 'UNSUPPORTED'
        ? 'Upload URL created; the file will be stored as-is (unsupported type)'
        : 'Upload URL created; PUT the file to uploadUrl';
    return enveloped(message, ticket);
  }

  @Get(':fileId')
  @ApiRoute({
    summary: 'File metadata with a short-lived download URL',
    description:
      '`downloadUrl` is read-only, valid 5 minutes by default, and saves under the original ' +
      'file name. Also lists the child files (e-mail and zip contents) and documents.',
    permission: 'files.read',
    response: FileMetadataResponse,
    errors: ['NOT_FOUND'],
  })
  async get(
    @Param('fileId', uuidPipe) fileId: string,
    @CurrentActor() actor: Actor,
  ): Promise<FileMetadataResponse> {
    const file = await this.rpc.call(GetFileV1, { fileId }, actor);
    return enveloped(`File is ${file.status}`, file);
  }

  @Get(':fileId/pages')
  @ApiRoute({
    summary: 'Rendered page images of a file, paginated',
    description:
      'PDF and TIFF pages are rendered to PNG at 150 dpi (PAGE_RENDER_DPI); a PNG or JPEG is ' +
      'one page at its own size. Pages exist once the file is READY. `page` 1-10000 (default ' +
      '1), `limit` 1-100 (default 20); other values are a 400. `documentId` narrows to one ' +
      "document; `totalCount` is then that document's page count.",
    permission: 'files.read',
    response: FilePagesResponse,
    errors: ['NOT_FOUND'],
  })
  async pages(
    @Param('fileId', uuidPipe) fileId: string,
    @Query() query: FilePagesQuery,
    @CurrentActor() actor: Actor,
  ): Promise<FilePagesResponse> {
    const result = await this.rpc.call(ListFilePagesV1, { fileId, ...query }, actor);
    return pageOf(result.data, result.page, result.limit, result.totalCount, 'Pages');
  }

  @Get(':fileId/pages/:pageNumber/words')
  @ApiParam({ name: 'pageNumber', type: Number, description: '1-based page number' })
  @ApiRoute({
    summary: 'Text layer of a page: words with normalised boxes and confidence',
    description:
      "From the PDF's own text where the page has it (confidence 1), otherwise OCR. Boxes are " +
      '{x, y, width, height} as fractions of the page (0-1, origin top-left), like every box.',
    permission: 'files.read',
    response: PageWordsResponse,
    errors: ['NOT_FOUND'],
  })
  async words(
    @Param('fileId', uuidPipe) fileId: string,
    @Param('pageNumber', pageNumberPipe) pageNumber: number,
    @CurrentActor() actor: Actor,
  ): Promise<PageWordsResponse> {
    const words = await this.rpc.call(GetPageWordsV1, { fileId, pageNumber }, actor);
    return enveloped(`${words.words.length} words`, {
      ...words,
      words: words.words.map((word) => ({ ...word, box: pageBoxFromCorners(word.box) })),
    });
  }
}
