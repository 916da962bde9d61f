import {
  AcceptFieldRequest,
  AcceptItemFieldV1,
  AcquireItemLockV1,
  AcquireLockRequest,
  ClaimNextItemBody,
  ClaimNextItemV1,
  CloseItemRequest,
  CloseItemV1,
  DeferItemRequest,
  DeferItemV1,
  HeartbeatItemLockV1,
  ItemLockResult,
  ItemLockState,
  ItemRecord,
  ItemRef,
  LockReleased,
  LockSessionRequest,
  ReleaseItemLockV1,
  SubmitItemReviewV1,
  SubmitReviewResult,
  TakeOverItemLockV1,
  UpdatedField,
  UpdateFieldRequest,
  UpdateItemFieldV1,
  WatchItemLockV1,
  WatchLockRequest,
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
  acquire(request: AcquireLockRequest, call: CallContext): Promise<ItemLockResult> {
    return this.locks.acquire(actorOf(call), request);
  }

  @RpcHandler(HeartbeatItemLockV1)
  heartbeat(request: LockSessionRequest, call: CallContext): Promise<ItemLockResult> {
    return this.locks.heartbeat(actorOf(call), request);
  }

  @RpcHandler(ReleaseItemLockV1)
  release(request: LockSessionRequest, call: CallContext): Promise<LockReleased> {
    return this.locks.release(actorOf(call), request);
  }

  @RpcHandler(TakeOverItemLockV1)
  takeOver(request: LockSessionRequest, call: CallContext): Promise<ItemLockResult> {
    return this.locks.takeOver(actorOf(call), request);
  }

  @RpcHandler(WatchItemLockV1)
  watch(request: WatchLockRequest, call: CallContext): Promise<ItemLockState> {
    return this.locks.watch(actorOf(call), request);
  }

  @RpcHandler(ClaimNextItemV1)
  claimNext(request: ClaimNextItemBody, call: CallContext): Promise<ItemRecord> {
    return this.locks.claimNext(actorOf(call), request);
  }

  @RpcHandler(AcceptItemFieldV1)
  acceptField(request: AcceptFieldRequest, call: CallContext): Promise<UpdatedField> {
    return this.reviews.acceptField(actorOf(call), request);
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
