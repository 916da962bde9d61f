import type {
  HostedModelProvider,
  StructuredCompletion,
  TokenUsage,
} from '@docket/document-intelligence';

/** What a node's hosted calls cost, for its step output. */
export interface HostedUsage extends TokenUsage {
  readonly calls: number;
  readonly model: string;
}

/** A provider that counts the calls and tokens that pass through it. */
export class TokenMeter implements HostedModelProvider {
  readonly name: string;
  private calls = 0;
  private promptTokens = 0;
  private completionTokens = 0;

  constructor(private readonly provider: HostedModelProvider) {
    this.name = provider.name;
  }

  async completeStructured(
    ...args: Parameters<HostedModelProvider['completeStructured']>
  ): Promise<StructuredCompletion> {
    const completion = await this.provider.completeStructured(...args);
    this.calls += 1;
    this.promptTokens += completion.usage?.promptTokens ?? 0;
    this.completionTokens += completion.usage?.completionTokens ?? 0;
    return completion;
  }

  usage(): HostedUsage {
    return {
      calls: this.calls,
      model: this.name,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
    };
  }
}
