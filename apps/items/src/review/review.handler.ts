import {
  AcquireItemLockV1,
  CloseItemRequest,
  CloseItemV1,
  DeferItemRequest,
  DeferItemV1,
  HeartbeatItemLockV1,
  ItemLockResult,
  ItemRecord,
  ItemRef,
  LockReleased,
  ReleaseItemLockV1,
  SubmitItemReviewV1,
  SubmitReviewResult,
  TakeOverItemLockV1,
  UpdatedField,
  UpdateFieldRequest,
  UpdateItemFieldV1,
} from '@docket/contracts';
import { actorOf, CallContext, RpcHandler } from '@docket/platform';
import { Controller } from '@nestjs/common';

import { LockService } from './lock.service';
import { ReviewService } from './review.service';

@Controller()
export class ReviewHandler {
  constructor(
    private readonly locks: LockService,
    private readonly reviews: ReviewService,
  ) {}

  @RpcHandler(AcquireItemLockV1)
  acquire(request: ItemRef, call: CallContext): Promise<ItemLockResult> {
    return this.locks.acquire(actorOf(call), request.itemId);
  }

  @RpcHandler(HeartbeatItemLockV1)
  heartbeat(request: ItemRef, call: CallContext): Promise<ItemLockResult> {
    return this.locks.heartbeat(actorOf(call), request.itemId);
  }

  @RpcHandler(ReleaseItemLockV1)
  release(request: ItemRef, call: CallContext): Promise<LockReleased> {
    return this.locks.release(actorOf(call), request.itemId);
  }

  @RpcHandler(TakeOverItemLockV1)
  takeOver(request: ItemRef, call: CallContext): Promise<ItemLockResult> {
    return this.locks.takeOver(actorOf(call), request.itemId);
  }

  @RpcHandler(UpdateItemFieldV1)
  updateField(request: UpdateFieldRequest, call: CallContext): Promise<UpdatedField> {
    return this.reviews.updateField(actorOf(call), request);
  }

  @RpcHandler(SubmitItemReviewV1)
  submit(request: ItemRef, call: CallContext): Promise<SubmitReviewResult> {
    return this.reviews.submit(actorOf(call), request.itemId);
  }

  @RpcHandler(DeferItemV1)
  defer(request: DeferItemRequest, call: CallContext): Promise<ItemRecord> {
    return this.reviews.defer(actorOf(call), request);
  }

  @RpcHandler(CloseItemV1)
  close(request: CloseItemRequest, call: CallContext): Promise<ItemRecord> {
    return this.reviews.close(actorOf(call), request);
  }
}
