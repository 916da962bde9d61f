import { defineContract } from '@docket/platform';

import { VariableRef } from '../variable.records';

export const DeleteVariableV1 = defineContract<VariableRef, { variableId: string }>(
  'flows.variables.delete.v1',
  VariableRef,
);
