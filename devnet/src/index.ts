export { coverImageSvg, hiddenImageSvg, tokenImageSvg, type ArtSubject } from './art';
export {
  calendarSchedule,
  upcomingProjectBySlug,
  UPCOMING_PROJECTS,
  type CalendarEventSpec,
  type CalendarEventType,
  type UpcomingProject,
} from './calendar';
export {
  collectionBySlug,
  COLLECTIONS,
  type ArtSpec,
  type CollectionLinks,
  type CollectionSpec,
  type TraitSpec,
} from './catalog';
export {
  collectionMetadata,
  collectionMetadataUri,
  coverImageUrl,
  hiddenImageUrl,
  hiddenMetadata,
  hiddenMetadataUri,
  isValidTokenId,
  metadataBaseUri,
  parseTokenId,
  tokenImageUrl,
  tokenMetadata,
  tokenName,
  tokenTraits,
  type CollectionMetadata,
  type HiddenMetadata,
  type TokenAttribute,
  type TokenMetadata,
} from './metadata';
export { seededRandom, type Random } from './random';
export { REPORTED_TOKEN_IDS, reportedTokens } from './reported';
export {
  startSimulator,
  type ActionKind,
  type SimMarketplace,
  type SimulatedTrade,
  type Simulator,
  type SimulatorAction,
  type SimulatorOptions,
  type TradeMethod,
  type TradeStatus,
} from './simulator/simulator';
export { ACCOUNT_PLAN, botAccounts, devnetAccount, DEVNET_MNEMONIC } from './accounts';
export { startAnvil, type Anvil } from './anvil';
export { DEVNET_ERC721_ABI } from './devnet-abi';
export { type DevnetManifest, repointTokenUris } from './deploy';
export { askNonce, missingLooksRareApprovals } from './looksrare';
export { FLIP_HISTORY, type HistoryListing } from './flip-history';
export { DEVNET_ENS_LABELS, DEVNET_ENS_SPOOF, devnetEnsNames, type DevnetEns } from './ens';
export { devnetNodeUrl, JsonRpcError, rpc, startDevnet, type Devnet, type DevnetOptions } from './devnet';
export { toLooksRarePostListing, toPostListing } from './simulator/orders';
export {
  startDevnetChatServer,
  type ChatFault,
  type ChatRequestRecord,
  type ChatRoute,
  type DevnetChatServer,
  type DevnetChatServerOptions,
} from './chat/chat-server';
export { signatureHeaders } from './chat/interactions';
