import { defineContract } from '@docket/platform';
import { IsString, IsUUID, Length } from 'class-validator';

import { FieldVersionBody } from '../fields.update.v1';
import { ItemFieldRecord } from '../records';

export class AcceptFieldBody extends FieldVersionBody {}

export class AcceptFieldRequest extends AcceptFieldBody {
  @IsUUID('4')
  itemId!: string;

  @IsString()
  @Length(1, 200)
  key!: string;
}

/** The lock holder accepts the field's current version as it is (who and when are recorded). */
export const AcceptItemFieldV1 = defineContract<AcceptFieldRequest, ItemFieldRecord>(
  'items.fields.accept.v1',
  AcceptFieldRequest,
);
