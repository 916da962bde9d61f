import {
  FilePagesPage,
  FileRecord,
  GetFileRequest,
  GetFileV1,
  GetPageWordsRequest,
  GetPageWordsV1,
  ListFilePagesRequest,
  ListFilePagesV1,
  PageWordsRecord,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { FileReader } from './file-reader.service';

@Controller()
export class FilesHandler {
  constructor(private readonly reader: FileReader) {}

  @RpcHandler(GetFileV1)
  get(request: GetFileRequest, call: CallContext): Promise<FileRecord> {
    return this.reader.get(actorOf(call), request.fileId);
  }

  @RpcHandler(ListFilePagesV1)
  listPages(request: ListFilePagesRequest, call: CallContext): Promise<FilePagesPage> {
    return this.reader.listPages(actorOf(call), request);
  }

  @RpcHandler(GetPageWordsV1)
  words(request: GetPageWordsRequest, call: CallContext): Promise<PageWordsRecord> {
    return this.reader.words(actorOf(call), request.fileId, request.pageNumber);
  }
}
