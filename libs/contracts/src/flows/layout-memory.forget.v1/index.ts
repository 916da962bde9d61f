import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

import { ManageLayoutMemoriesRequest } from '../layout-memory.view.v1';

export class ForgottenLayoutMemoriesResult {
  @ApiProperty({ description: 'Layouts forgotten' }) deleted!: number;
}

/** flows.layout-memory.forget.v1: the project forgets every layout it was taught. */
export const ForgetLayoutMemoriesV1 = defineContract<
  ManageLayoutMemoriesRequest,
  ForgottenLayoutMemoriesResult
>('flows.layout-memory.forget.v1', ManageLayoutMemoriesRequest);
