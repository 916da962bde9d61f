import { randomBytes } from 'node:crypto';

import { AesGcmCipher, unwrapDataKey, wrapDataKey } from '@docket/platform';
import { Injectable } from '@nestjs/common';

export interface VariableOwner {
  organizationId: string;
  scope: string;
  scopeId: string;
  variableId: string;
}

export interface SealedValue {
  valueSealed: string;
  dataKeyWrapped: string;
}

/**
 * DESIGN.md §6: each value is sealed with AES-256-GCM under its own random data key, which
 * the master key wraps; the associated data binds organization, scope and variable id, so a
 * ciphertext copied to another row or organization fails to open instead of leaking.
 */
@Injectable()
export class VariableCipher {
  constructor(private readonly master: AesGcmCipher) {}

  seal(owner: VariableOwner, value: string): SealedValue {
    const dataKey = randomBytes(32);
    return {
      valueSealed: new AesGcmCipher(dataKey).encrypt(value, associatedData(owner)),
      dataKeyWrapped: wrapDataKey(this.master, dataKey, keyOwner(owner)),
    };
  }

  open(owner: VariableOwner, sealed: SealedValue): string {
    const dataKey = unwrapDataKey(this.master, sealed.dataKeyWrapped, keyOwner(owner));
    return new AesGcmCipher(dataKey)
      .decrypt(sealed.valueSealed, associatedData(owner))
      .toString('utf8');
  }
}

function associatedData(owner: VariableOwner): string {
  return `variable:${owner.organizationId}:${owner.scope}:${owner.scopeId}:${owner.variableId}`;
}

function keyOwner(owner: VariableOwner): string {
  return `variable:${owner.organizationId}:${owner.variableId}`;
}
