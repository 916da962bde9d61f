import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, IsUUID, Length, Matches } from 'class-validator';

/** Why the value is needed: an Admin's reveal is recorded in the audit trail with it. */
export class RevealVariableBody {
  @ApiProperty({
    example: 'Rotating the claims system token',
    minLength: 3,
    maxLength: 500,
    description: 'Why the value is needed; recorded in the audit trail',
  })
  @IsString()
  @Length(3, 500)
  @Matches(/\S/, { message: 'reason must not be blank' })
  reason!: string;
}

export class RevealVariableRequest extends RevealVariableBody {
  @IsUUID('4') variableId!: string;
}

export class RevealedVariable {
  @ApiProperty({ format: 'uuid' }) variableId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The decrypted value; this read is audited' }) value!: string;
}

export const RevealVariableV1 = defineContract<RevealVariableRequest, RevealedVariable>(
  'flows.variables.reveal.v1',
  RevealVariableRequest,
);
