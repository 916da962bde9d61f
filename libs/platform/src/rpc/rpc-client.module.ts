import { DynamicModule, Module } from '@nestjs/common';

import { BaseConfig } from '../config/base.config';
import { connectForRpc, NATS_CONNECTION, RPC_TIMEOUT_MS, RpcClient } from './rpc-client';

@Module({})
export class RpcClientModule {
  static forConfig(config: BaseConfig): DynamicModule {
    return {
      module: RpcClientModule,
      global: true,
      providers: [
        {
          provide: NATS_CONNECTION,
          useFactory: () => connectForRpc(config.natsUrl.split(','), process.env.DOCKET_SERVICE),
        },
        { provide: RPC_TIMEOUT_MS, useValue: config.natsRequestTimeoutMs },
        RpcClient,
      ],
      exports: [RpcClient, NATS_CONNECTION],
    };
  }
}
