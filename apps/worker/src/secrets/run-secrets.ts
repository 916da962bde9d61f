import { type NodeType, VARIABLE_REFERENCE } from '@docket/contracts';
import { isSecretSlot } from '@docket/nodes';
import { mapStrings, SecretMask } from '@docket/platform';

import { NodeError } from '../nodes/node-error';

/**
 * The variable values one run may use. They reach a node only through its secret slots
 * (a node type's secret slots, libs/nodes: the headers of an http request) or by name (write-back's signing secret, a
 * hosted model's API key);
 * expressions never see them. Everything that leaves the activity (step input and output,
 * results, error messages) still goes through `scrub`, which masks every value wherever it
 * appears, for what a remote endpoint echoes back.
 */
export class RunSecrets {
  private readonly mask: SecretMask;

  constructor(private readonly values: ReadonlyMap<string, string>) {
    this.mask = new SecretMask(values.values());
  }

  static none(): RunSecrets {
    return new RunSecrets(new Map());
  }

  get isEmpty(): boolean {
    return this.values.size === 0;
  }

  get(name: string): string {
    const value = this.values.get(name);
    if (value === undefined) {
      throw new NodeError(
        'VARIABLE_NOT_FOUND',
        `Variable ${name} is not defined for this run's environment and scope`,
      );
    }
    return value;
  }

  /**
   * Replaces `{{vars.NAME}}` in the secret slots of a node's configuration. References
   * anywhere else stay as written: the flows service refuses them when a draft is saved, and
   * versions saved before that rule must not turn them into values.
   */
  resolveSlots(type: NodeType, config: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(config).map(([setting, value]) => [
        setting,
        isSecretSlot(type, setting) ? this.resolve(value) : value,
      ]),
    );
  }

  scrub<T>(value: T): T {
    return this.mask.mask(value);
  }

  scrubText(text: string): string {
    return this.mask.maskText(text);
  }

  private resolve(value: unknown): unknown {
    return mapStrings(value, (text) =>
      text.replace(new RegExp(VARIABLE_REFERENCE.source, 'g'), (_, name: string) => this.get(name)),
    );
  }
}
