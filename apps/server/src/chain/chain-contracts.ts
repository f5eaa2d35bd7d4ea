import { type ExchangeProtocol, type Marketplace, MAINNET_CHAIN_ID, type SaleProtocol } from '@floordesk/protocol';
import type { Hex } from 'viem';

/**
 * One deployed exchange: a version of a protocol at an address (for an AMM, its pool factory). `transferManager` is
 * the contract sellers approve on a collection when it is neither the exchange nor a Seaport conduit (LooksRare's
 * TransferManager, which moves NFTs for the exchanges each seller grants it to).
 */
export type Exchange = { protocol: SaleProtocol; version: string; address: Hex; transferManager?: Hex };

/** How a Seaport-based marketplace's orders are recognised: its fee recipients or its zones. */
export type MarketplaceIdentity = { marketplace: Marketplace; feeRecipients: readonly Hex[]; zones: readonly Hex[] };

/** The one table of per-chain addresses; addresses lowercased. */
export type ChainContracts = {
  chainId: number;
  /**
   * Every exchange whose events the indexer reads (a sale on any of them is a sale); the order book takes and the
   * planner fills orders of each protocol's newest version only (`currentExchange`).
   */
  exchanges: readonly Exchange[];
  /** Conduit key → conduit address: the operator a listed NFT must be approved to. */
  conduits: Readonly<Record<Hex, Hex>>;
  marketplaces: readonly MarketplaceIdentity[];
  /** Chainlink's ETH/USD feed (AggregatorV3, 8 decimals), where the chain has one. */
  ethUsdFeed?: Hex;
  /** The ENS registry, where the chain has ENS: names shown for addresses come from it. */
  ensRegistry?: Hex;
  /** FloorDesk's subscription payment contract, whose `Subscribed` events are payments. */
  subscriptions?: Hex;
  /**
   * Collections tracked from the first block, beside those the database knows (`collections`): the devnet's, all of
   * its NFTs. Token events are asked by their collections' addresses only (`read-range.ts`).
   */
  collections?: readonly Hex[];
};

/**
 * Mainnet: the canonical Seaport deployments (1.6 last, the one listed on), LooksRare v2's exchange, the exchanges
 * whose sales are read but whose orders are not taken (Blur's two, X2Y2's, sudoswap's pool factories), and OpenSea's
 * conduit and fee recipient.
 */
export const MAINNET_CONTRACTS: ChainContracts = {
  chainId: MAINNET_CHAIN_ID,
  exchanges: [
    { protocol: 'seaport', version: '1.1', address: '0x00000000006c3852cbef3e08e8df289169ede581' },
    { protocol: 'seaport', version: '1.4', address: '0x00000000000001ad428e4906ae43d8f9852d0dd6' },
    { protocol: 'seaport', version: '1.5', address: '0x00000000000000adc04c56bf30ac9d3c0aaf14dc' },
    { protocol: 'seaport', version: '1.6', address: '0x0000000000000068f116a894984e2db1123eb395' },
    {
      protocol: 'looksrare-v2',
      version: '2',
      address: '0x0000000000e655fae4d56241588680f86e3b2377',
      transferManager: '0x000000000060c4ca14cfc4325359062ace33fe3d',
    },
    { protocol: 'blur-v1', version: '1', address: '0x000000000000ad05ccc4f10045630fb830b95127' },
    { protocol: 'blur-v2', version: '2', address: '0xb2ecfe4e4d61f8790bbb9de2d1259b9e2410cea5' },
    { protocol: 'x2y2', version: '1', address: '0x74312363e45dcaba76c59ec49a7aa8a65a67eed3' },
    { protocol: 'sudoswap-v1', version: '1', address: '0xb16c1342e617a5b6e4b631eb114483fdb289c0a4' },
    { protocol: 'sudoswap-v2', version: '2', address: '0xa020d57ab0448ef74115c112d18a9c231cc86000' },
  ],
  conduits: {
    '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000': '0x1e0049783f008a0085193e00003d00cd54003c71',
  },
  marketplaces: [{ marketplace: 'opensea', feeRecipients: ['0x0000a26b00c1f0df003000390027140000faa719'], zones: [] }],
  ethUsdFeed: '0x5f4ec3df9cbd43714fe2740f5e3616155c5b8419',
  ensRegistry: '0x00000000000c2e074ec69a0dfb2997ba6c7d2e1e',
};

/**
 * The exchange of `protocol` whose orders the order book takes and the planner fills: the last one listed, the
 * protocol's newest version. Throws when the chain has none, which is a configuration error.
 */
export function currentExchange(contracts: ChainContracts, protocol: ExchangeProtocol): Exchange {
  const exchange = contracts.exchanges.findLast((candidate) => candidate.protocol === protocol);
  if (!exchange) throw new Error(`chain ${contracts.chainId} has no ${protocol} exchange`);
  return exchange;
}

/** The address of the Seaport that listings are signed for and sweeps go through. */
export function seaportAddress(contracts: ChainContracts): Hex {
  return currentExchange(contracts, 'seaport').address;
}

const ZERO_KEY: Hex = `0x${'0'.repeat(64)}`;

/** The operator Seaport transfers through for an order: the conduit of its key, or Seaport itself for key 0. */
export function operatorFor(contracts: ChainContracts, conduitKey: string): Hex | undefined {
  const key = conduitKey.toLowerCase() as Hex;
  return key === ZERO_KEY ? seaportAddress(contracts) : contracts.conduits[key];
}

/** The marketplace an order or sale belongs to, from its zone or any consideration recipient. */
export function marketplaceOf(
  contracts: ChainContracts,
  zone: string,
  recipients: readonly string[],
): Marketplace | null {
  for (const identity of contracts.marketplaces) {
    if (identity.zones.includes(zone as Hex)) return identity.marketplace;
    if (recipients.some((recipient) => identity.feeRecipients.includes(recipient as Hex))) return identity.marketplace;
  }
  return null;
}
