import { FileLayoutPage, GetFileLayoutRequest, GetFileLayoutV1 } from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { FileLayoutService } from './file-layout.service';

@Controller()
export class FileLayoutHandler {
  constructor(private readonly layouts: FileLayoutService) {}

  @RpcHandler(GetFileLayoutV1)
  layout(request: GetFileLayoutRequest, call: CallContext): Promise<FileLayoutPage> {
    return this.layouts.layout(actorOf(call), request);
  }
}
