import { IsOptional, IsString, Length } from 'class-validator';

/*
 * How the worker feeds the execution read model: events on JetStream (stream of the `flows`
 * owner), consumed by the flows service. Events may arrive twice or out of order; each carries
 * what the consumer needs to apply it idempotently (a per-run `seq` for statuses, the attempt
 * and phase for steps).
 */

export class ExecutionErrorPayload {
  @IsString() @Length(1, 100) code!: string;
  @IsString() @Length(0, 2000) message!: string;
  @IsOptional() @IsString() nodeId?: string;
  @IsOptional() @IsString() nodeName?: string;
}
