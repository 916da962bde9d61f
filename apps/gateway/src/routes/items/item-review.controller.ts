import {
  AcceptFieldBody,
  AcceptItemFieldV1,
  AcquireItemLockV1,
  AcquireLockBody,
  CloseItemBody,
  CloseItemV1,
  DeferItemBody,
  DeferItemV1,
  HeartbeatItemLockV1,
  ItemFieldRecord,
  ItemLockResult,
  ItemLockState,
  ItemRecord,
  LOCK_WATCH_MAX_SECONDS,
  LockReleased,
  LockSessionBody,
  ReleaseItemLockV1,
  SubmitItemReviewV1,
  SubmitReviewResult,
  TakeOverItemLockV1,
  UpdateFieldBody,
  UpdateItemFieldV1,
  WatchItemLockV1,
  WatchLockQuery,
} from '@docket/contracts';
import { Actor, Enveloped, enveloped, RpcClient } from '@docket/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { CurrentActor } from '../../auth/current-actor.decorator';
import { uuidPipe } from '../../http/uuid.pipe';
import { ApiRoute } from '../../openapi/api-route.decorator';

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
    description: `${LOCK_NOTE} Held by someone else: 409 LOCKED with details.holder and details.expiresAt. Held by another session (tab) of yours: 409 LOCKED with details.otherSessionOfYours; send replaceOwnSession to continue in this one. Taking the lock on a DEFERRED item resumes it (REVIEW).`,
    permission: 'items.review',
    response: ItemLockResult,
    errors: ['NOT_FOUND', 'LOCKED', 'CONFLICT'],
  })
  async lock(
    @Param('id', uuidPipe) itemId: string,
    @Body() body: AcquireLockBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemLockResult>> {
    const lock = await this.rpc.call(AcquireItemLockV1, { ...body, itemId }, actor);
    return enveloped('Lock held', lock);
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
    @Body() body: LockSessionBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemLockResult>> {
    const lock = await this.rpc.call(HeartbeatItemLockV1, { ...body, itemId }, actor);
    return enveloped('Lock extended', lock);
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
    @Body() body: LockSessionBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemLockResult>> {
    const lock = await this.rpc.call(TakeOverItemLockV1, { ...body, itemId }, actor);
    return enveloped('Lock taken over', lock);
  }

  @Get('lock')
  @ApiRoute({
    summary: 'The item’s live lock, and whether it is yours; optionally wait for it to change',
    description:
      `With waitSeconds (at most ${LOCK_WATCH_MAX_SECONDS}) and your lock held by this ` +
      'session, answers as soon as that stops being true (an Admin took it over, another tab ' +
      'of yours took it, it lapsed), else when the wait ends: a holder learns of a takeover ' +
      'within a second without polling.',
    permission: 'items.review',
    response: ItemLockState,
    errors: ['NOT_FOUND'],
  })
  async watchLock(
    @Param('id', uuidPipe) itemId: string,
    @Query() query: WatchLockQuery,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemLockState>> {
    const state = await this.rpc.call(WatchItemLockV1, { ...query, itemId }, actor);
    return enveloped(state.yours ? 'Lock held' : 'Lock not yours', state);
  }

  @Delete('lock')
  @ApiRoute({
    summary: 'Release your lock (of this session, when you name one)',
    description:
      'Pages release their lock as they close (a keep-alive request on pagehide). A lock ' +
      'another session (tab) of yours holds is left alone (released: false).',
    permission: 'items.review',
    response: LockReleased,
    errors: ['NOT_FOUND', 'LOCKED'],
  })
  async release(
    @Param('id', uuidPipe) itemId: string,
    @Query() query: LockSessionBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<LockReleased>> {
    const released = await this.rpc.call(ReleaseItemLockV1, { ...query, itemId }, actor);
    return enveloped(released.released ? 'Lock released' : 'No lock held', released);
  }

  @Patch('fields/:key')
  @ApiRoute({
    summary: 'Correct a field (lock holder; optimistic version check)',
    description:
      'Records a new version with who and when. expectedVersion must be the current version, ' +
      'else 409 VERSION_CONFLICT with details.currentVersion. Also extends your lock. The ' +
      'value is checked by the field’s type and read as the extraction reads text: money as ' +
      '{amount, currency} or text such as "1,200.00 EUR", a date as YYYY-MM-DD or text in the ' +
      'field’s date order, numbers, yes/no, an enum’s options, tables cell by cell by their ' +
      'columns. A value that is none is a 400 VALIDATION_FAILED naming the field ' +
      '(details.field, and details.row/column for a cell) and changes nothing. The flow’s ' +
      'field rules run again on the new value: flagged and flagReasons say what is still wrong.',
    permission: 'items.review',
    response: ItemFieldRecord,
    errors: ['NOT_FOUND', 'LOCKED', 'VERSION_CONFLICT', 'INVALID_STATE_TRANSITION'],
  })
  async updateField(
    @Param('id', uuidPipe) itemId: string,
    @Param('key') key: string,
    @Body() body: UpdateFieldBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemFieldRecord>> {
    const field = await this.rpc.call(UpdateItemFieldV1, { ...body, itemId, key }, actor);
    return enveloped('Field updated', field);
  }

  @Post('fields/:key/accept')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Accept a field as it is (lock holder; optimistic version check)',
    description:
      'Records who accepted the current version and when (acceptedBy, acceptedAt); the ' +
      'review signal and the run’s write-back carry it. A later version clears it.',
    permission: 'items.review',
    response: ItemFieldRecord,
    errors: ['NOT_FOUND', 'LOCKED', 'VERSION_CONFLICT', 'INVALID_STATE_TRANSITION'],
  })
  async acceptField(
    @Param('id', uuidPipe) itemId: string,
    @Param('key') key: string,
    @Body() body: AcceptFieldBody,
    @CurrentActor() actor: Actor,
  ): Promise<Enveloped<ItemFieldRecord>> {
    const field = await this.rpc.call(AcceptItemFieldV1, { ...body, itemId, key }, actor);
    return enveloped('Field accepted', field);
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
  ): Promise<Enveloped<SubmitReviewResult>> {
    const result = await this.rpc.call(SubmitItemReviewV1, { itemId }, actor);
    return enveloped('Review submitted', result);
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
  ): Promise<Enveloped<ItemRecord>> {
    const item = await this.rpc.call(DeferItemV1, { ...body, itemId }, actor);
    return enveloped('Item deferred', item);
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
  ): Promise<Enveloped<ItemRecord>> {
    const item = await this.rpc.call(CloseItemV1, { ...body, itemId }, actor);
    return enveloped('Item closed', item);
  }
}
