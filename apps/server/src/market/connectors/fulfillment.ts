import { orderFromJson, seaportOrderHash } from '@floordesk/contracts';
import type { Address, Hex } from 'viem';
import type { ChainAccess } from '../../chain/client';
import type { Config } from '../../config';
import type { StoredOrder } from '../listings/fillable';
import { seaportSignedBy } from '../listings/protocols/seaport';
import { fulfillmentConnector } from './connectors';

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
  let next = 0;
  const signNext = async (): Promise<void> => {
    while (next < listings.length) {
      const { order_id, order } = listings[next++]!;
      if (order.protocol !== 'seaport' || !order.fulfillment_api) continue;
      const api = fulfillmentConnector(ctx.config, chain.contracts, order.fulfillment_api);
      if (!api) continue;
      const components = orderFromJson(order.parameters);
      const orderHash = seaportOrderHash(components);
      const answer = await api.fulfillmentSignature(orderHash, buyer);
      if (answer.ok && (await seaportSignedBy(chain, components, orderHash, answer.signature, blockNumber))) {
        signatures.set(order_id, answer.signature);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(FULFILLMENT_CONCURRENCY, listings.length) }, signNext));
  return signatures;
}
