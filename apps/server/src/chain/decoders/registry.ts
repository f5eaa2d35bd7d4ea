import type { Hex } from 'viem';
import type { ExchangeProtocol } from '@floordesk/protocol';
import type { ChainContracts } from '../chain-contracts';
import type { EventDecoder, EventDecoders, FillTarget, FillTargets } from '../decode';
import { LOOKSRARE_TRANSFER_MANAGER_DECODERS, LOOKSRARE_V2_DECODERS, LOOKSRARE_V2_FILL_TARGETS } from './looksrare-v2';
import { SEAPORT_DECODERS, SEAPORT_FILL_TARGETS } from './seaport';
import { SUBSCRIPTION_DECODERS } from './subscriptions';
import { TOKEN_DECODERS } from './tokens';

/**
 * Each protocol's decoders, read from every exchange of that protocol the chain lists, and from its transfer manager
 * where it has one; and how its pending purchases are read from their calldata. A protocol is its decoder file and
 * one line here.
 */
const PROTOCOL_DECODERS: Readonly<
  Record<ExchangeProtocol, { exchange: EventDecoders; transferManager?: EventDecoders; fillTargets: FillTargets }>
> = {
  seaport: { exchange: SEAPORT_DECODERS, fillTargets: SEAPORT_FILL_TARGETS },
  'looksrare-v2': {
    exchange: LOOKSRARE_V2_DECODERS,
    transferManager: LOOKSRARE_TRANSFER_MANAGER_DECODERS,
    fillTargets: LOOKSRARE_V2_FILL_TARGETS,
  },
};

/** The NFTs a pending transaction to `to` would buy: none unless `to` is an exchange the chain lists. */
export function pendingFillTargets(contracts: ChainContracts, to: string | null, input: Hex): FillTarget[] {
  const exchange = contracts.exchanges.find((candidate) => candidate.address === to?.toLowerCase());
  return exchange ? PROTOCOL_DECODERS[exchange.protocol].fillTargets(input) : [];
}

/**
 * Which decoder reads a log, by topic0: the one of its emitter (an exchange, the subscription contract), else the one
 * for any contract (the token events).
 */
export type DecoderIndex = ReadonlyMap<string, { byAddress: Map<string, EventDecoder>; anyAddress?: EventDecoder }>;

const indexes = new WeakMap<ChainContracts, DecoderIndex>();

export function decoderIndex(contracts: ChainContracts): DecoderIndex {
  let index = indexes.get(contracts);
  if (!index) {
    const byTopic = new Map<string, { byAddress: Map<string, EventDecoder>; anyAddress?: EventDecoder }>();
    const entry = (topic: string) => {
      let found = byTopic.get(topic);
      if (!found) byTopic.set(topic, (found = { byAddress: new Map() }));
      return found;
    };
    const fromAddress = (address: string, decoders: EventDecoders) => {
      for (const [topic, decode] of Object.entries(decoders)) entry(topic).byAddress.set(address, decode);
    };
    for (const exchange of contracts.exchanges) {
      const decoders = PROTOCOL_DECODERS[exchange.protocol];
      fromAddress(exchange.address, decoders.exchange);
      if (exchange.transferManager && decoders.transferManager) {
        fromAddress(exchange.transferManager, decoders.transferManager);
      }
    }
    if (contracts.subscriptions !== undefined) fromAddress(contracts.subscriptions, SUBSCRIPTION_DECODERS);
    for (const [topic, decode] of Object.entries(TOKEN_DECODERS)) entry(topic).anyAddress = decode;
    index = byTopic;
    indexes.set(contracts, index);
  }
  return index;
}

/** Every topic0 some decoder reads: what the indexer asks the node for. */
export const INDEXED_TOPICS: readonly Hex[] = [
  ...new Set(
    [
      ...Object.values(PROTOCOL_DECODERS).flatMap(({ exchange, transferManager }) => [exchange, transferManager ?? {}]),
      SUBSCRIPTION_DECODERS,
      TOKEN_DECODERS,
    ].flatMap((decoders) => Object.keys(decoders) as Hex[]),
  ),
];
