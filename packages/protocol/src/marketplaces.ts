/**
 * Marketplaces by the original app's names, each with its `order_way` code (1 and 5 OpenSea-style, 2 X2Y2-like,
 * 3 LooksRare-like, 4 and 6 other marketplaces). Seaport-based ones are told apart by their fee recipient or zone.
 */
export const MARKETPLACES = ['opensea', 'x2y2', 'looks', 'blur', 'soduswap'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

/**
 * The exchange protocols whose orders and events FloorDesk reads (a marketplace may run on another's: OpenSea on
 * Seaport). Each has its decoder in the indexer and its module in the order book.
 */
export const EXCHANGE_PROTOCOLS = ['seaport', 'looksrare-v2'] as const;
export type ExchangeProtocol = (typeof EXCHANGE_PROTOCOLS)[number];

/**
 * Every protocol whose sales the indexer decodes: the exchange protocols, and mainnet's others, whose trades count in
 * trending and history but whose orders FloorDesk neither takes nor fills (Blur's exchanges fill only orders Blur's
 * API co-signs, X2Y2's only orders its API signs for the fill, sudoswap's pools are priced by curves, not orders).
 */
export const SALE_PROTOCOLS = [
  ...EXCHANGE_PROTOCOLS,
  'blur-v1',
  'blur-v2',
  'x2y2',
  'sudoswap-v1',
  'sudoswap-v2',
] as const;
export type SaleProtocol = (typeof SALE_PROTOCOLS)[number];

export const ORDER_WAY: Record<Marketplace, number> = {
  opensea: 1,
  x2y2: 2,
  looks: 3,
  blur: 4,
  soduswap: 6,
};
