/**
 * Orders as sellers sign and buyers fill them, on Seaport and LooksRare, with nothing that needs Node: the entry the
 * web app imports (`@floordesk/contracts/orders`); the package's main entry re-exports it beside the compiler.
 */
export {
  CONDUIT_CONTROLLER_ABI,
  type ConsiderationItem,
  ItemType,
  type OfferItem,
  type OrderComponents,
  type OrderComponentsJson,
  orderFromJson,
  orderToJson,
  SEAPORT_ABI,
  SEAPORT_ORDER_TYPES,
  seaportDomain,
  seaportOrderHash,
  seaportTypedData,
} from './seaport';
export {
  basicOrderArgs,
  ethPayment,
  fulfillOrderArgs,
  orderParameters,
  orderPrice,
  type SignedOrder,
  sweepArgs,
  sweepAvailability,
} from './fills';
export { type ListingTerms, listingOrder, type LooksRareAskTerms, looksRareAsk } from './listings';
export {
  CollectionType,
  LOOKSRARE_ABI,
  LOOKSRARE_EVENTS,
  LOOKSRARE_MAKER_TYPES,
  LOOKSRARE_TRANSFER_MANAGER_ABI,
  LOOKSRARE_TRANSFER_MANAGER_EVENTS,
  type LooksRareMaker,
  type LooksRareMakerJson,
  looksRareDomain,
  looksRareTypedData,
  multipleTakerBidArgs,
  makerFromJson,
  makerHash,
  makerToJson,
  type MerkleTree,
  type MerkleTreeNode,
  MerkleTreeNodePosition,
  NO_MERKLE_TREE,
  QuoteType,
  type SignedAsk,
  STANDARD_SALE_STRATEGY,
  takerBidArgs,
} from './looksrare';
export {
  bulkHeight,
  LOOKSRARE_BATCH_MAX_HEIGHT,
  looksRareBatchTypedData,
  looksRareBatchTypeHash,
  looksRareMerkleTrees,
  looksRareSignedHash,
  SEAPORT_BULK_MAX_HEIGHT,
  seaportBulkOrderHash,
  seaportBulkSignatures,
  seaportBulkTypedData,
  seaportBulkTypeHash,
} from './bulk';
