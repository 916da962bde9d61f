import { defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class ExchangeTokenRequest {
  @ApiProperty({
    description: 'The API key, exactly as shown once at creation',
    example: 'dkt_...',
  })
  @IsString()
  @Length(1, 200)
  apiKey!: string;
}

export class AccessTokenResponse {
  @ApiProperty({ description: 'Asymmetric-signed JWT (EdDSA), valid for expiresIn seconds' })
  accessToken!: string;

  @ApiProperty({ enum: ['Bearer'] })
  tokenType!: 'Bearer';

  @ApiProperty({ description: 'Lifetime in seconds', example: 900 })
  expiresIn!: number;
}
/** identity.token.exchange.v1 — an API key for a short-lived access token. */
export const ExchangeTokenV1 = defineContract<ExchangeTokenRequest, AccessTokenResponse>(
  'identity.token.exchange.v1',
  ExchangeTokenRequest,
);
