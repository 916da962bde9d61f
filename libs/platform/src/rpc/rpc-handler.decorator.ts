import { Actor } from '../auth/actor';
import { DocketException } from '../errors/docket.exception';
import { Contract } from './contract';

/** What a handler learns about the call besides the request. */
export interface CallContext {
  actor: Actor | null;
  traceId: string;
}

/** A handler method as the transport calls it: the validated request and the call context. */
export type RpcMethod = (request: object, call: CallContext) => unknown;

const contracts = new WeakMap<object, Contract<object, unknown>>();

/**
 * Declares a method of a `@Controller()` as the handler of a contract. The method receives a
 * validated request instance and the call context; whatever it throws leaves the process as
 * `{code, message, details?}`, with unexpected errors logged and reduced to INTERNAL
 * (`dispatchRpc`). The service's NATS server (`DrainingNatsServer`) finds these methods at
 * start-up and calls them straight from its subscriptions.
 */
export function RpcHandler<Req extends object, Res>(contract: Contract<Req, Res>): MethodDecorator {
  return (_target, _key, descriptor: PropertyDescriptor) => {
    contracts.set(descriptor.value as object, contract as Contract<object, unknown>);
    return descriptor;
  };
}

/** The contract a method was declared to handle, if it was. */
export function rpcContractOf(method: unknown): Contract<object, unknown> | undefined {
  return typeof method === 'function' ? contracts.get(method) : undefined;
}

/** Handlers of caller-scoped contracts use this: a call without an actor is a programming error. */
export function actorOf(call: CallContext): Actor {
  if (!call.actor)
    throw DocketException.unauthenticated('This operation needs an authenticated caller');
  return call.actor;
}
