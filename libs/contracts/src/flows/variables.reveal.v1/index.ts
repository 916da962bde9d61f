import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';

import { VariableRef } from '../variable.records';

export class RevealedVariable {
  @ApiProperty({ format: 'uuid' }) variableId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The decrypted value; this read is audited' }) value!: string;
}

export const RevealVariableV1 = defineContract<VariableRef, RevealedVariable>(
  'flows.variables.reveal.v1',
  VariableRef,
);
