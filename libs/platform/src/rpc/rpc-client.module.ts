import { DynamicModule, Module } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';

import { BaseConfig } from '../config/base.config';
import { NATS_CLIENT, RPC_TIMEOUT_MS, RpcClient } from './rpc-client';

@Module({})
export class RpcClientModule {
  static forConfig(config: BaseConfig): DynamicModule {
    return {
      module: RpcClientModule,
      global: true,
      providers: [
        {
          provide: NATS_CLIENT,
          useFactory: () =>
            ClientProxyFactory.create({
              transport: Transport.NATS,
              options: { servers: config.natsUrl.split(','), name: process.env.DOCKET_SERVICE },
            }),
        },
        { provide: RPC_TIMEOUT_MS, useValue: config.natsRequestTimeoutMs },
        RpcClient,
      ],
      exports: [RpcClient, NATS_CLIENT],
    };
  }
}
