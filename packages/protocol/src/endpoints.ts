import { z } from 'zod';
import { AppConfigData } from './app';
import { FlippersData, HoldingData, HoldingQuery } from './flippers';
import { MetadataRefreshData, MetadataRefreshRequest } from './metadata';
import { ClientErrorReport } from './client-errors';
import { PostListingData, PostListingRequest } from './market';
import { FloorHistoriesData, FloorHistoriesQuery, MarketSummaryData, MintingData } from './market-pulse';
import { LoginData, LoginRequest, NoticeData, NoticeRequest } from './auth';
import { type ApiName, type ApiRoute, apiRoutes } from './routes';
import {
  RarityCollectionsData,
  RarityCollectionsQuery,
  RarityTokensData,
  RarityTokensQuery,
  RecommendationsData,
  RecommendationsQuery,
} from './rarity-views';
import {
  AnnouncementData,
  AnnouncementRequest,
  LiveCheckData,
  LiveCheckQuery,
  LiveConnectionData,
  NotificationsData,
  NotificationsQuery,
} from './live';
import { UserCheckData, WalletRequest, WalletsData } from './user';
import { PortfolioData, PortfolioQuery } from './portfolio';
import {
  CancelListingsData,
  CancelListingsRequest,
  MyListingsData,
  MyListingsQuery,
  PostListingsData,
  PostListingsRequest,
  SellPrepareData,
  SellPrepareRequest,
} from './selling';
import {
  CodeRequest,
  CommunityData,
  CommunityJoinedData,
  CommunityRequest,
  IdentityRequest,
  InvitationData,
  PlansData,
  PlansQuery,
  PromotionRequest,
  QuoteData,
  QuoteRequest,
  SubscriptionData,
  TrialCodeData,
  TrialCodesData,
  TrialRedeemedData,
  WhatsNewData,
} from './billing';
import {
  AlertDetailData,
  AlertIdQuery,
  AlertIdRequest,
  AlertInput,
  AlertListData,
  AlertSavedData,
  ChatIdRequest,
  ChatSettingsData,
  DevnetChatCommandData,
  DevnetChatDmsRequest,
  DevnetChatMessagesData,
  DevnetChatUser,
  DevnetChatUserQuery,
  DevnetChatUserRequest,
} from './alerts';
import {
  CalendarData,
  CollectionDetail,
  CollectionQuery,
  FloorHistoryData,
  FloorHistoryQuery,
  FollowData,
  FollowRequest,
  GasPriceData,
  HoldersData,
  ListingsData,
  SearchData,
  SearchQuery,
  TradesData,
  TradesQuery,
  TrendingData,
  TrendingQuery,
  WatchlistData,
  WatchlistQuery,
} from './market-views';
import {
  GasSettingsData,
  SaveGasSettingsRequest,
  SweepOrderData,
  SweepQuoteData,
  SweepQuoteRequest,
  SweepRecordRequest,
  SweepSettleRequest,
} from './sweep';

export type Endpoint = ApiRoute & {
  summary: string;
  tags: readonly string[];
  body?: z.ZodType;
  query?: z.ZodType;
  data: z.ZodType;
};

/**
 * Every API call, once: the server registers its routes from these (validating requests and responses), the web
 * client is typed by them and `/api/openapi.json` is generated from them.
 */
export const endpoints = {
  appConfig: {
    ...apiRoutes.appConfig,
    summary: 'Public run-time configuration (chain, version)',
    tags: ['app'],
    data: AppConfigData,
  },
  authNotice: {
    ...apiRoutes.authNotice,
    summary: 'Issue an EIP-4361 sign-in notice with a single-use nonce (10 minutes)',
    tags: ['auth'],
    body: NoticeRequest,
    data: NoticeData,
  },
  authLogin: {
    ...apiRoutes.authLogin,
    summary: 'Verify the signed notice and open a session',
    tags: ['auth'],
    body: LoginRequest,
    data: LoginData,
  },
  authLogout: {
    ...apiRoutes.authLogout,
    summary: 'Revoke the current session',
    tags: ['auth'],
    data: z.null(),
  },
  postListing: {
    ...apiRoutes.postListing,
    summary: 'Submit a signed Seaport listing to the order book (marketplace connectors; the signature is the proof)',
    tags: ['orders'],
    body: PostListingRequest,
    data: PostListingData,
  },
  postListings: {
    ...apiRoutes.postListings,
    summary:
      "Submit several signed listings at once (a bulk signature's orders): all are accepted or none, `listings.N` names the first refused",
    tags: ['orders'],
    body: PostListingsRequest,
    data: PostListingsData,
  },
  sellPrepare: {
    ...apiRoutes.sellPrepare,
    summary:
      "What listing the caller's tokens needs: each marketplace's terms, the wallets' nonces and approvals, and each token's floor, rarity, cost and listings (premium)",
    tags: ['orders'],
    body: SellPrepareRequest,
    data: SellPrepareData,
  },
  myListings: {
    ...apiRoutes.myListings,
    summary:
      "The caller's listings across their own wallets: active ones against the floor, and those ended lately (premium)",
    tags: ['orders'],
    query: MyListingsQuery,
    data: MyListingsData,
  },
  cancelListings: {
    ...apiRoutes.cancelListings,
    summary:
      "The transactions that cancel some of the caller's listings, or all of a wallet's on one marketplace, with their gas (premium)",
    tags: ['orders'],
    body: CancelListingsRequest,
    data: CancelListingsData,
  },
  userCheck: {
    ...apiRoutes.userCheck,
    summary: 'Subscription flag, identity and ENS name of the signed-in user',
    tags: ['user'],
    data: UserCheckData,
  },
  trending: {
    ...apiRoutes.trending,
    summary: "Collections by trades over a window (all, or the caller's watchlist), from the per-minute rollups",
    tags: ['market'],
    query: TrendingQuery,
    data: TrendingData,
  },
  watchlist: {
    ...apiRoutes.watchlist,
    summary: "The caller's followed collections with trades and floor over a window",
    tags: ['watchlist'],
    query: WatchlistQuery,
    data: WatchlistData,
  },
  follow: {
    ...apiRoutes.follow,
    summary: "Add a collection to the caller's watchlist",
    tags: ['watchlist'],
    body: FollowRequest,
    data: FollowData,
  },
  unfollow: {
    ...apiRoutes.unfollow,
    summary: "Remove a collection from the caller's watchlist",
    tags: ['watchlist'],
    body: FollowRequest,
    data: FollowData,
  },
  search: {
    ...apiRoutes.search,
    summary: 'Collections by name or address',
    tags: ['market'],
    query: SearchQuery,
    data: SearchData,
  },
  collection: {
    ...apiRoutes.collection,
    summary: 'One collection: supply, owners, listed share, floor, and trades and volume per window',
    tags: ['collection'],
    query: CollectionQuery,
    data: CollectionDetail,
  },
  collectionListings: {
    ...apiRoutes.collectionListings,
    summary: 'Every active listing of a collection, cheapest first, with rarity, pending buys and flags',
    tags: ['collection'],
    query: CollectionQuery,
    data: ListingsData,
  },
  collectionTrades: {
    ...apiRoutes.collectionTrades,
    summary: 'The latest trades of a collection, newest first',
    tags: ['collection'],
    query: TradesQuery,
    data: TradesData,
  },
  collectionFloorHistory: {
    ...apiRoutes.collectionFloorHistory,
    summary: 'Floor, trades and volume of a collection over a range, in buckets',
    tags: ['collection'],
    query: FloorHistoryQuery,
    data: FloorHistoryData,
  },
  collectionHolders: {
    ...apiRoutes.collectionHolders,
    summary: 'Holder count and the largest holders of a collection',
    tags: ['collection'],
    query: CollectionQuery,
    data: HoldersData,
  },
  flippers: {
    ...apiRoutes.flippers,
    summary: 'Wallets meeting the high-win-rate flipper rule at the last daily pass, with their figures and the rule',
    tags: ['market'],
    data: FlippersData,
  },
  holding: {
    ...apiRoutes.holding,
    summary: 'Holder analysis of a collection: holders by items held, the largest holders, flippers among them',
    tags: ['market'],
    query: HoldingQuery,
    data: HoldingData,
  },
  calendar: {
    ...apiRoutes.calendar,
    summary: 'Upcoming mints and reveals',
    tags: ['market'],
    data: CalendarData,
  },
  floorHistories: {
    ...apiRoutes.floorHistories,
    summary:
      'Floor, trades and volume of up to 8 collections over a range (/historic); the most traded without addresses',
    tags: ['market'],
    query: FloorHistoriesQuery,
    data: FloorHistoriesData,
  },
  minting: {
    ...apiRoutes.minting,
    summary: 'Collections minting now: mints per minute, minted of supply, mint price, unique minters (/discover)',
    tags: ['market'],
    data: MintingData,
  },
  marketSummary: {
    ...apiRoutes.marketSummary,
    summary: "The market at a glance (/home): the last day's sales and volume, listings, collections, latest block",
    tags: ['market'],
    data: MarketSummaryData,
  },
  gasPrice: {
    ...apiRoutes.gasPrice,
    summary: "Base fee of the latest block (Gwei) and ETH in USD from the chain's price feed",
    tags: ['market'],
    data: GasPriceData,
  },
  gasSettings: {
    ...apiRoutes.gasSettings,
    summary: "The caller's gas presets (spec getgas); empty when never saved",
    tags: ['user'],
    data: GasSettingsData,
  },
  saveGasSettings: {
    ...apiRoutes.saveGasSettings,
    summary: "Replace the caller's gas presets (the original app's setgas); every preset rule is checked",
    tags: ['user'],
    body: SaveGasSettingsRequest,
    data: GasSettingsData,
  },
  sweepQuote: {
    ...apiRoutes.sweepQuote,
    summary: 'Plan, simulate and price a sweep of the cheapest listings (premium): one Seaport transaction to send',
    tags: ['sweep'],
    body: SweepQuoteRequest,
    data: SweepQuoteData,
  },
  sweepRecord: {
    ...apiRoutes.sweepRecord,
    summary: 'Record the transaction the wallet sent for a sweep quote (spec addorder)',
    tags: ['sweep'],
    body: SweepRecordRequest,
    data: SweepOrderData,
  },
  sweepSettle: {
    ...apiRoutes.sweepSettle,
    summary: 'Settle a sent sweep from its receipt: which items were bought (spec order status)',
    tags: ['sweep'],
    body: SweepSettleRequest,
    data: SweepOrderData,
  },
  reportClientError: {
    ...apiRoutes.reportClientError,
    summary:
      'Report an error the web app met (a wallet error, a failed call): logged and counted; the session, if any, says who',
    tags: ['app'],
    body: ClientErrorReport,
    data: z.null(),
  },
  portfolio: {
    ...apiRoutes.portfolio,
    summary:
      "The NFTs in the caller's own wallets with cost, floor value and unrealised profit, sold ones with realised profit (premium)",
    tags: ['user'],
    query: PortfolioQuery,
    data: PortfolioData,
  },
  wallets: {
    ...apiRoutes.wallets,
    summary: "The caller's own wallets: the signed-in address, then up to 10 added, each with its ENS name",
    tags: ['user'],
    data: WalletsData,
  },
  addWallet: {
    ...apiRoutes.addWallet,
    summary: 'Add an own wallet (its events notify the caller; sweeps never buy from it)',
    tags: ['user'],
    body: WalletRequest,
    data: WalletsData,
  },
  deleteWallet: {
    ...apiRoutes.deleteWallet,
    summary: "Remove an added wallet from the caller's list",
    tags: ['user'],
    body: WalletRequest,
    data: WalletsData,
  },
  heartbeat: {
    ...apiRoutes.heartbeat,
    summary: "Presence while signed in (the original app's setqbform, every 300 s)",
    tags: ['user'],
    data: z.null(),
  },
  liveConnection: {
    ...apiRoutes.liveConnection,
    summary: 'Where and how to connect for live notifications, with a short-lived credential (getwebsokect)',
    tags: ['live'],
    data: LiveConnectionData,
  },
  liveCheck: {
    ...apiRoutes.liveCheck,
    summary: "Whether the caller's live client is connected (checkmqtt): flag 1 alive, 0 reconnect",
    tags: ['live'],
    query: LiveCheckQuery,
    data: LiveCheckData,
  },
  notifications: {
    ...apiRoutes.notifications,
    summary: "The caller's notification history, newest first, paged, optionally of one type",
    tags: ['live'],
    query: NotificationsQuery,
    data: NotificationsData,
  },
  postAnnouncement: {
    ...apiRoutes.postAnnouncement,
    summary: 'Post an announcement (type 1000) to every user; operators only (OPERATOR_ADDRESSES)',
    tags: ['live'],
    body: AnnouncementRequest,
    data: AnnouncementData,
  },
  alerts: {
    ...apiRoutes.alerts,
    summary: "The caller's alerts, newest first (at most 50), each labelled by family in the caller's language",
    tags: ['alerts'],
    data: AlertListData,
  },
  alertDetail: {
    ...apiRoutes.alertDetail,
    summary: "One of the caller's alerts with every field of its type; another user's id is not found (1811)",
    tags: ['alerts'],
    query: AlertIdQuery,
    data: AlertDetailData,
  },
  saveAlert: {
    ...apiRoutes.saveAlert,
    summary: "Create an alert (no id) or replace one of the caller's (its id); refused with the first field problem",
    tags: ['alerts'],
    body: AlertInput,
    data: AlertSavedData,
  },
  deleteAlert: {
    ...apiRoutes.deleteAlert,
    summary: "Delete one of the caller's alerts; its DMs not yet sent are dropped",
    tags: ['alerts'],
    body: AlertIdRequest,
    data: z.object({}),
  },
  chatSettings: {
    ...apiRoutes.chatSettings,
    summary: "The caller's chat link (chat user id, last successful test) and the community invite",
    tags: ['alerts'],
    data: ChatSettingsData,
  },
  saveChatId: {
    ...apiRoutes.saveChatId,
    summary: "Link the caller's chat user id (what the bot's /my-id answers); a new id must be tested again",
    tags: ['alerts'],
    body: ChatIdRequest,
    data: ChatSettingsData,
  },
  testChat: {
    ...apiRoutes.testChat,
    summary: 'Send a test DM to the linked chat user; success records its time and resumes paused alerts',
    tags: ['alerts'],
    data: ChatSettingsData,
  },
  devnetChatUser: {
    ...apiRoutes.devnetChatUser,
    summary: "Devnet only: be a person on the devnet's chat server (a new one, or the one whose id is given)",
    tags: ['devnet'],
    body: DevnetChatUserRequest,
    data: DevnetChatUser,
  },
  devnetChatMessages: {
    ...apiRoutes.devnetChatMessages,
    summary: "Devnet only: the DMs the bot sent to a person of the devnet's chat server, newest first",
    tags: ['devnet'],
    query: DevnetChatUserQuery,
    data: DevnetChatMessagesData,
  },
  devnetChatMyId: {
    ...apiRoutes.devnetChatMyId,
    summary: "Devnet only: run the bot's /my-id as that person; the chat server sends FloorDesk a signed interaction",
    tags: ['devnet'],
    body: DevnetChatUserQuery,
    data: DevnetChatCommandData,
  },
  devnetChatDms: {
    ...apiRoutes.devnetChatDms,
    summary: 'Devnet only: open or close the DMs of a person of the chat server (closed answers as Discord 50007)',
    tags: ['devnet'],
    body: DevnetChatDmsRequest,
    data: DevnetChatUser,
  },
  subscriptionPlans: {
    ...apiRoutes.subscriptionPlans,
    summary:
      "The plans at the caller's prices (identity, invitation, the sale asked for); a visitor sees the ordinary prices",
    tags: ['billing'],
    query: PlansQuery,
    data: PlansData,
  },
  subscriptionQuote: {
    ...apiRoutes.subscriptionQuote,
    summary: "A signed quote of a plan at the caller's price, valid for 10 minutes, for the contract's subscribe()",
    tags: ['billing'],
    body: QuoteRequest,
    data: QuoteData,
  },
  subscription: {
    ...apiRoutes.subscription,
    summary: "The caller's subscription: its end, trial, on-chain payments with their confirmations, and grants",
    tags: ['billing'],
    data: SubscriptionData,
  },
  trialCodes: {
    ...apiRoutes.trialCodes,
    summary: "The caller's trial codes with their statuses (members), and the caller's own trial",
    tags: ['billing'],
    data: TrialCodesData,
  },
  issueTrialCode: {
    ...apiRoutes.issueTrialCode,
    summary: 'A new trial code to hand out: members only, 3 per calendar month',
    tags: ['billing'],
    data: TrialCodeData,
  },
  redeemTrialCode: {
    ...apiRoutes.redeemTrialCode,
    summary: "Redeem a member's trial code: a non-member's trial, once per person",
    tags: ['billing'],
    body: CodeRequest,
    data: TrialRedeemedData,
  },
  invitation: {
    ...apiRoutes.invitation,
    summary: "The caller's invitation code (made on first ask), who invited them and whom they invited",
    tags: ['billing'],
    data: InvitationData,
  },
  setInvitation: {
    ...apiRoutes.setInvitation,
    summary: 'Choose your own invitation code (4–16 letters or digits, unique without case)',
    tags: ['billing'],
    body: CodeRequest,
    data: InvitationData,
  },
  useInvitation: {
    ...apiRoutes.useInvitation,
    summary: "Use someone's invitation code: once, before your first payment",
    tags: ['billing'],
    body: CodeRequest,
    data: InvitationData,
  },
  communityCode: {
    ...apiRoutes.communityCode,
    summary: "A community manager's community: its code to hand out and its price",
    tags: ['billing'],
    data: CommunityData,
  },
  useCommunityCode: {
    ...apiRoutes.useCommunityCode,
    summary: "Enter a partner community's code: an ordinary user gets the community's price",
    tags: ['billing'],
    body: CodeRequest,
    data: CommunityJoinedData,
  },
  setIdentity: {
    ...apiRoutes.setIdentity,
    summary: "Set someone's identity; operators only (OPERATOR_ADDRESSES)",
    tags: ['admin'],
    body: IdentityRequest,
    data: z.null(),
  },
  saveCommunity: {
    ...apiRoutes.saveCommunity,
    summary: 'Create or change a partner community and its price; operators only',
    tags: ['admin'],
    body: CommunityRequest,
    data: z.null(),
  },
  savePromotion: {
    ...apiRoutes.savePromotion,
    summary: 'Create or change a sale shown on its page; operators only',
    tags: ['admin'],
    body: PromotionRequest,
    data: z.null(),
  },
  whatsNew: {
    ...apiRoutes.whatsNew,
    summary: "What's New in this build, in the caller's language (shown once per build version)",
    tags: ['app'],
    data: WhatsNewData,
  },
  rarityCollections: {
    ...apiRoutes.rarityCollections,
    summary: 'Collections with traits: supply, metadata coverage, ranked tokens, floor; searchable by name or address',
    tags: ['rarity'],
    query: RarityCollectionsQuery,
    data: RarityCollectionsData,
  },
  rarityTokens: {
    ...apiRoutes.rarityTokens,
    summary:
      "One collection's tokens by rarity rank with traits, tier and listed price, filtered and paged; its coverage and trait values",
    tags: ['rarity'],
    query: RarityTokensQuery,
    data: RarityTokensData,
  },
  rarityRecommendations: {
    ...apiRoutes.rarityRecommendations,
    summary: 'Listed tokens across collections that are rarest for their price over the floor, best first, with why',
    tags: ['rarity'],
    query: RecommendationsQuery,
    data: RecommendationsData,
  },
  refreshMetadata: {
    ...apiRoutes.refreshMetadata,
    summary:
      "Fetch a token's or a whole collection's metadata again on the worker (limited per user and per collection); ranks follow",
    tags: ['market'],
    body: MetadataRefreshRequest,
    data: MetadataRefreshData,
  },
} as const satisfies Record<ApiName, Endpoint>;

export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type EndpointData<E extends Endpoint> = z.output<E['data']>;
