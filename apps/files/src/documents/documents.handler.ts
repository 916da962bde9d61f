import {
  SplitDocumentsRequest,
  SplitDocumentsResponse,
  SplitFileDocumentsV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { DocumentSplitService } from './document-split.service';

@Controller()
export class DocumentsHandler {
  constructor(private readonly splitter: DocumentSplitService) {}

  @RpcHandler(SplitFileDocumentsV1)
  split(request: SplitDocumentsRequest, call: CallContext): Promise<SplitDocumentsResponse> {
    return this.splitter.split(actorOf(call), request);
  }
}
