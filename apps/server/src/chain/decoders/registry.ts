import type { Hex } from 'viem';
import type { SaleProtocol } from '@floordesk/protocol';
import type { ChainContracts } from '../chain-contracts';
import type { EventDecoder, EventDecoders, FillTarget, FillTargets } from '../decode';
import { BLUR_V1_DECODERS } from './blur-v1';
import { BLUR_V2_DECODERS } from './blur-v2';
import { LOOKSRARE_TRANSFER_MANAGER_DECODERS, LOOKSRARE_V2_DECODERS, LOOKSRARE_V2_FILL_TARGETS } from './looksrare-v2';
import { SEAPORT_DECODERS, SEAPORT_FILL_TARGETS } from './seaport';
import { SUBSCRIPTION_DECODERS } from './subscriptions';
import { SUDOSWAP_V1_FACTORY_DECODERS, SUDOSWAP_V1_POOL_DECODERS } from './sudoswap-v1';
import { SUDOSWAP_V2_FACTORY_DECODERS, SUDOSWAP_V2_POOL_DECODERS } from './sudoswap-v2';
import { TOKEN_DECODERS } from './tokens';
import { X2Y2_DECODERS } from './x2y2';

type ProtocolDecoders = {
  /** The events of each of its exchanges the chain lists (for an AMM, of its pool factory). */
  exchange: EventDecoders;
  /** The events of its transfer manager, where an exchange names one. */
  transferManager?: EventDecoders;
  /** The events of its pools, clones at addresses no table lists: each decoder checks the pool's factory made it. */
  pools?: EventDecoders;
  /** The NFTs a pending call to its exchange would buy, where FloorDesk watches them. */
  fillTargets?: FillTargets;
};

/**
 * Each protocol's decoders, read from every exchange of that protocol the chain lists, and from its transfer manager
 * and pools where it has them; and how its pending purchases are read from their calldata. A protocol is its decoder
 * file and one line here.
 */
const PROTOCOL_DECODERS: Readonly<Record<SaleProtocol, ProtocolDecoders>> = {
  seaport: { exchange: SEAPORT_DECODERS, fillTargets: SEAPORT_FILL_TARGETS },
  'looksrare-v2': {
    exchange: LOOKSRARE_V2_DECODERS,
    transferManager: LOOKSRARE_TRANSFER_MANAGER_DECODERS,
    fillTargets: LOOKSRARE_V2_FILL_TARGETS,
  },
  'blur-v1': { exchange: BLUR_V1_DECODERS },
  'blur-v2': { exchange: BLUR_V2_DECODERS },
  x2y2: { exchange: X2Y2_DECODERS },
  'sudoswap-v1': { exchange: SUDOSWAP_V1_FACTORY_DECODERS, pools: SUDOSWAP_V1_POOL_DECODERS },
  'sudoswap-v2': { exchange: SUDOSWAP_V2_FACTORY_DECODERS, pools: SUDOSWAP_V2_POOL_DECODERS },
};

/** The NFTs a pending transaction to `to` would buy: none unless `to` is an exchange the chain lists. */
export function pendingFillTargets(contracts: ChainContracts, to: string | null, input: Hex): FillTarget[] {
  const exchange = contracts.exchanges.find((candidate) => candidate.address === to?.toLowerCase());
  return exchange ? (PROTOCOL_DECODERS[exchange.protocol].fillTargets?.(input) ?? []) : [];
}

/**
 * Which decoder reads a log, by topic0: the one of its emitter (an exchange, the subscription contract), else the one
 * for any contract (the token events).
 */
export type DecoderIndex = ReadonlyMap<string, { byAddress: Map<string, EventDecoder>; anyAddress?: EventDecoder }>;

const indexes = new WeakMap<ChainContracts, DecoderIndex>();

/**
 * The swap topics of the AMM protocols the chain lists, each with its protocol: pools are clones at addresses no
 * table lists, so these are the only events asked by topic alone, and each swap's pool is checked with its factory.
 */
export function poolSwapTopics(contracts: ChainContracts): ReadonlyMap<string, SaleProtocol> {
  const topics = new Map<string, SaleProtocol>();
  for (const exchange of contracts.exchanges) {
    for (const topic of Object.keys(PROTOCOL_DECODERS[exchange.protocol].pools ?? {})) {
      topics.set(topic, exchange.protocol);
    }
  }
  return topics;
}

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
    const fromAnyAddress = (decoders: EventDecoders) => {
      for (const [topic, decode] of Object.entries(decoders)) {
        const found = entry(topic);
        if (found.anyAddress && found.anyAddress !== decode) throw new Error(`two decoders read any ${topic}`);
        found.anyAddress = decode;
      }
    };
    for (const exchange of contracts.exchanges) {
      const decoders = PROTOCOL_DECODERS[exchange.protocol];
      fromAddress(exchange.address, decoders.exchange);
      if (exchange.transferManager && decoders.transferManager) {
        fromAddress(exchange.transferManager, decoders.transferManager);
      }
      if (decoders.pools) fromAnyAddress(decoders.pools);
    }
    if (contracts.subscriptions !== undefined) fromAddress(contracts.subscriptions, SUBSCRIPTION_DECODERS);
    fromAnyAddress(TOKEN_DECODERS);
    index = byTopic;
    indexes.set(contracts, index);
  }
  return index;
}
