import { IsString, IsUUID, Length } from 'class-validator';

/*
 * The contracts a flow run (the worker's Temporal activities) uses to create and fill its item.
 * Call them with actor `null`: the worker acts for the system, and `organizationId` in the
 * request scopes the write. (A caller that does pass an actor must belong to that organization.)
 *
 * Every request carries `idempotencyKey`, chosen by the caller and stable across retries of the
 * same activity (e.g. `${executionId}:${nodeId}:create-item`). The first call with a key does
 * the work; a retry with the same key and the same request gets the first answer back and
 * changes nothing; the same key with a different request is IDEMPOTENCY_CONFLICT. Keys are
 * scoped to the organization and kept with the item.
 */

export abstract class RunCommand {
  /** Stable across retries of one activity; 1-200 printable characters. */
  @IsString()
  @Length(1, 200)
  idempotencyKey!: string;

  @IsUUID('4')
  organizationId!: string;
}

export abstract class RunItemCommand extends RunCommand {
  @IsUUID('4')
  itemId!: string;
}
