import { DynamicModule, Module } from '@nestjs/common';
import { connect } from 'nats';

import { BaseConfig } from '../config/base.config';
import { NATS_CONNECTION, RPC_TIMEOUT_MS, RpcClient } from './rpc-client';

@Module({})
export class RpcClientModule {
  static forConfig(config: BaseConfig): DynamicModule {
    return {
      module: RpcClientModule,
      global: true,
      providers: [
        {
          provide: NATS_CONNECTION,
          useFactory: () =>
            connect({ servers: config.natsUrl.split(','), name: process.env.DOCKET_SERVICE }),
        },
        { provide: RPC_TIMEOUT_MS, useValue: config.natsRequestTimeoutMs },
        RpcClient,
      ],
      exports: [RpcClient, NATS_CONNECTION],
    };
  }
}
