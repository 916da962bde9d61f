import { CreateFileRequest, CreateFileV1, FileUploadTicket } from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { UploadService } from './upload.service';

@Controller()
export class UploadsHandler {
  constructor(private readonly uploads: UploadService) {}

  @RpcHandler(CreateFileV1)
  create(request: CreateFileRequest, call: CallContext): Promise<FileUploadTicket> {
    return this.uploads.requestUpload(actorOf(call), request);
  }
}
