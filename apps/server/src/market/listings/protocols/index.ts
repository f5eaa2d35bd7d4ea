import type { ExchangeProtocol } from '@floordesk/protocol';
import { LOOKSRARE_V2 } from './looksrare-v2';
import type { OrderProtocol } from './order-protocol';
import { SEAPORT } from './seaport';

/** Each exchange protocol's orders: a protocol is its module and one line here. */
export const ORDER_PROTOCOLS: { readonly [P in ExchangeProtocol]: OrderProtocol<P> } = {
  seaport: SEAPORT,
  'looksrare-v2': LOOKSRARE_V2,
};

/**
 * The module of `protocol`, typed for orders of any protocol: TypeScript cannot follow that a request's `protocol`
 * picks the module of the same protocol, so callers pass the request together with the module it selects.
 */
export function orderProtocol<P extends ExchangeProtocol>(protocol: P): OrderProtocol<P> {
  return ORDER_PROTOCOLS[protocol] as OrderProtocol<P>;
}
