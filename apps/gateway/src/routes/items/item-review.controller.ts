import {
  AcquireItemLockV1,
  CloseItemBody,
  CloseItemV1,
  DeferItemBody,
  DeferItemV1,
  HeartbeatItemLockV1,
  ItemFieldRecord,
  ItemLockResult,
  ItemRecord,
  LockReleased,
  ReleaseItemLockV1,
  SubmitItemReviewV1,
  SubmitReviewResult,
  TakeOverItemLockV1,
  UpdateFieldBody,
  UpdateItemFieldV1,
} from '@docket/contracts';
import { Actor, RpcClient } from '@docket/platform';
import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

type Flat<T> = T & { success: true; message: string };

const LOCK_NOTE =
  'A lock lives for the idle period (ITEMS_LOCK_IDLE_SECONDS, default 300 s) after the last ' +
  'heartbeat or write; then it has lapsed and another reviewer may take it over.';

/** Human review: the lock, field edits and the three ways a review ends. */
@ApiTags('Review')
@Controller('items/:id')
export class ItemReviewController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('lock')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Take the review lock (or renew your own)',
    description: `${LOCK_NOTE} Held by someone else: 409 LOCKED with details.holder and details.expiresAt. Taking the lock on a DEFERRED item resumes it (REVIEW).`,
    permission: 'items.review',
    response: ItemLockResult,
    errors: ['NOT_FOUND', 'LOCKED', 'CONFLICT'],
  })
  async lock(
    @Param('id', uuidPipe) itemId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Flat<ItemLockResult>> {
    const lock = await this.rpc.call(AcquireItemLockV1, { itemId }, actor);
    return { success: true, message: 'Lock held', ...lock };
  }

  @Post('lock/heartbeat')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Extend your lock by the idle period',
    description: LOCK_NOTE,
    permission: 'items.review',
    response: ItemLockResult,
    errors: ['NOT_FOUND', 'LOCKED'],
  })
  async heartbeat(
    @Param('id', uuidPipe) itemId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Flat<ItemLockResult>> {
    const lock = await this.rpc.call(HeartbeatItemLockV1, { itemId }, actor);
    return { success: true, message: 'Lock extended', ...lock };
  }

  @Post('lock/takeover')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Admin: take the lock at once, whoever holds it (audited)',
    permission: 'items.takeOverLock',
    response: ItemLockResult,
    errors: ['NOT_FOUND', 'CONFLICT'],
  })
  async takeOver(
    @Param('id', uuidPipe) itemId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Flat<ItemLockResult>> {
    const lock = await this.rpc.call(TakeOverItemLockV1, { itemId }, actor);
    return { success: true, message: 'Lock taken over', ...lock };
  }

  @Delete('lock')
  @ApiRoute({
    summary: 'Release your lock',
    permission: 'items.review',
    response: LockReleased,
    errors: ['NOT_FOUND', 'LOCKED'],
  })
  async release(
    @Param('id', uuidPipe) itemId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Flat<LockReleased>> {
    const released = await this.rpc.call(ReleaseItemLockV1, { itemId }, actor);
    return {
      success: true,
      message: released.released ? 'Lock released' : 'No lock held',
      ...released,
    };
  }

  @Patch('fields/:key')
  @ApiRoute({
    summary: 'Correct a field (lock holder; optimistic version check)',
    description:
      'Records a new version with who and when. expectedVersion must be the current version, ' +
      'else 409 VERSION_CONFLICT with details.currentVersion. Also extends your lock.',
    permission: 'items.review',
    response: ItemFieldRecord,
    errors: ['NOT_FOUND', 'LOCKED', 'VERSION_CONFLICT', 'INVALID_STATE_TRANSITION'],
  })
  async updateField(
    @Param('id', uuidPipe) itemId: string,
    @Param('key') key: string,
    @Body() body: UpdateFieldBody,
    @CurrentActor() actor: Actor,
  ): Promise<Flat<ItemFieldRecord>> {
    const field = await this.rpc.call(UpdateItemFieldV1, { ...body, itemId, key }, actor);
    return { success: true, message: 'Field updated', ...field };
  }

  @Post('submit')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Submit the review (lock holder; item in REVIEW)',
    description:
      'Records the review, releases the lock, moves the item to IN_PROGRESS (its run resumes ' +
      'and completes it) and signals the run with the reviewed fields.',
    permission: 'items.review',
    response: SubmitReviewResult,
    errors: ['NOT_FOUND', 'LOCKED', 'INVALID_STATE_TRANSITION'],
  })
  async submit(
    @Param('id', uuidPipe) itemId: string,
    @CurrentActor() actor: Actor,
  ): Promise<Flat<SubmitReviewResult>> {
    const result = await this.rpc.call(SubmitItemReviewV1, { itemId }, actor);
    return { success: true, message: 'Review submitted', ...result };
  }

  @Post('defer')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Defer the item (lock holder): DEFERRED until `until`, or until resumed',
    permission: 'items.review',
    response: ItemRecord,
    errors: ['NOT_FOUND', 'LOCKED', 'INVALID_STATE_TRANSITION'],
  })
  async defer(
    @Param('id', uuidPipe) itemId: string,
    @Body() body: DeferItemBody,
    @CurrentActor() actor: Actor,
  ): Promise<Flat<ItemRecord>> {
    const item = await this.rpc.call(DeferItemV1, { ...body, itemId }, actor);
    return { success: true, message: 'Item deferred', ...item };
  }

  @Post('close')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Close the item without completing it (lock holder, or an Admin at any time)',
    permission: 'items.review',
    response: ItemRecord,
    errors: ['NOT_FOUND', 'LOCKED', 'INVALID_STATE_TRANSITION'],
  })
  async close(
    @Param('id', uuidPipe) itemId: string,
    @Body() body: CloseItemBody,
    @CurrentActor() actor: Actor,
  ): Promise<Flat<ItemRecord>> {
    const item = await this.rpc.call(CloseItemV1, { ...body, itemId }, actor);
    return { success: true, message: 'Item closed', ...item };
  }
}
