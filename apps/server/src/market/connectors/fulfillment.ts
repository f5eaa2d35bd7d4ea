import { orderFromJson } from '@floordesk/contracts';
import type { Address, Hex } from 'viem';
import type { ChainAccess } from '../../chain/client';
import { mapLimited } from '../../map-limited';
import type { Config } from '../../config';
import type { StoredOrder } from '../listings/fillable';
import type { FulfillmentApi } from '../listings/protocols/order-protocol';
import { seaportSignedBy } from '../listings/protocols/seaport';
import { fulfillmentConnector } from './connectors';
import type { FulfillmentConnector } from './marketplace-api';

/** Signatures asked at once: a sweep's unsigned listings must not wait on each other, nor flood the API. */
const FULFILLMENT_CONCURRENCY = 4;

/**
 * The signatures of the listings stored unsigned, each asked of the API that served it for `buyer` (its fulfillment
 * data) and checked as Seaport will check it, against the order the book holds. A listing whose API has no key here,
 * fails, or hands out a signature that does not sign that order gets none: the planner leaves it out.
 */
export async function fulfillmentSignatures(
  ctx: { config: Pick<Config, 'marketplaceApis'>; chain: ChainAccess },
  buyer: Address,
  listings: readonly { order_id: string; order: StoredOrder }[],
): Promise<Map<string, Hex>> {
  const { chain } = ctx;
  const signatures = new Map<string, Hex>();
  const blockNumber = await chain.client.getBlockNumber();
  // One client per API for the whole sweep, none for an API whose key is not set here.
  const apis = new Map<FulfillmentApi, FulfillmentConnector | null>();
  const apiOf = (name: FulfillmentApi) => {
    if (!apis.has(name)) apis.set(name, fulfillmentConnector(ctx.config, chain.contracts, name));
    return apis.get(name) ?? null;
  };
  await mapLimited(listings, FULFILLMENT_CONCURRENCY, async ({ order_id, order }) => {
    if (order.protocol !== 'seaport' || !order.fulfillment_api) return;
    const api = apiOf(order.fulfillment_api);
    if (!api) return;
    // A listing's id is the hash the order book derived from these parameters when it took the order.
    const orderHash = order_id as Hex;
    const answer = await api.fulfillmentSignature(orderHash, buyer);
    const components = orderFromJson(order.parameters);
    if (answer.ok && (await seaportSignedBy(chain, components, orderHash, answer.signature, blockNumber))) {
      signatures.set(order_id, answer.signature);
    }
  });
  return signatures;
}
