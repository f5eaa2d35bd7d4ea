import type { Hex } from 'viem';
import type { ChainContracts, Protocol } from '../chain-contracts';
import type { EventDecoders } from '../decode';
import { SEAPORT_DECODERS } from './seaport';
import { SUBSCRIPTION_DECODERS } from './subscriptions';
import { TOKEN_DECODERS } from './tokens';

/**
 * Each protocol's decoders, read from every exchange of that protocol the chain lists. A protocol is its decoder
 * file and one line here.
 */
const PROTOCOL_DECODERS: Readonly<Record<Protocol, EventDecoders>> = {
  seaport: SEAPORT_DECODERS,
};

/** Which decoder reads a log: by its emitter and topic0 first, then by topic0 alone for the token events. */
export type DecoderIndex = { byAddress: ReadonlyMap<string, EventDecoders>; anyAddress: EventDecoders };

const indexes = new WeakMap<ChainContracts, DecoderIndex>();

export function decoderIndex(contracts: ChainContracts): DecoderIndex {
  let index = indexes.get(contracts);
  if (!index) {
    const byAddress = new Map<string, EventDecoders>();
    for (const exchange of contracts.exchanges) byAddress.set(exchange.address, PROTOCOL_DECODERS[exchange.protocol]);
    if (contracts.subscriptions !== undefined) byAddress.set(contracts.subscriptions, SUBSCRIPTION_DECODERS);
    index = { byAddress, anyAddress: TOKEN_DECODERS };
    indexes.set(contracts, index);
  }
  return index;
}

/** Every topic0 some decoder reads: what the indexer asks the node for. */
export const INDEXED_TOPICS: readonly Hex[] = [
  ...new Set(
    [...Object.values(PROTOCOL_DECODERS), SUBSCRIPTION_DECODERS, TOKEN_DECODERS].flatMap(
      (decoders) => Object.keys(decoders) as Hex[],
    ),
  ),
];
