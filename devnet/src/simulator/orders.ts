import { type LooksRareMaker, makerToJson, orderToJson, type SignedOrder } from '@floordesk/contracts';
import type { LooksRareListingRequest, SeaportListingRequest } from '@floordesk/protocol';
import type { Address, Hex } from 'viem';

/** OpenSea's v2 listing body: every uint as a decimal string. */
export function toPostListing(signed: SignedOrder, chainId: number, seaport: Address): SeaportListingRequest {
  return {
    protocol: 'seaport',
    chain_id: chainId,
    protocol_address: seaport,
    parameters: orderToJson(signed.order),
    signature: signed.signature,
  };
}

/** LooksRare's API v2 order body, as the order book takes it. */
export function toLooksRarePostListing(
  maker: LooksRareMaker,
  signature: Hex,
  chainId: number,
  protocol: Address,
): LooksRareListingRequest {
  return {
    protocol: 'looksrare-v2',
    chain_id: chainId,
    protocol_address: protocol,
    parameters: makerToJson(maker),
    signature,
  };
}
