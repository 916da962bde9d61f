import {
  ReportBlobsCreatedRequest,
  ReportBlobsCreatedResponse,
  ReportBlobsCreatedV1,
} from '@docket/contracts';
import { RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { ArrivalService } from './arrival.service';

/** Internal: the gateway forwards storage events here (no caller actor; secret-checked there). */
@Controller()
export class BlobEventsHandler {
  constructor(private readonly arrival: ArrivalService) {}

  @RpcHandler(ReportBlobsCreatedV1)
  async blobsCreated(request: ReportBlobsCreatedRequest): Promise<ReportBlobsCreatedResponse> {
    return { matchedFileIds: await this.arrival.blobsCreated(request.blobs) };
  }
}
