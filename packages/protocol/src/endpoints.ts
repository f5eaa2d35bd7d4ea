import { z } from 'zod';
import { AppConfigData } from './app';
import { PostListingData, PostListingRequest } from './market';
import { LoginData, LoginRequest, NoticeData, NoticeRequest } from './auth';
import { UserCheckData } from './user';
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

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/api/${string}`;
  /** Needs `Authorization: Bearer <sign_num>` and `X-Address`; otherwise status 110. */
  auth: boolean;
  summary: string;
  tags: readonly string[];
  body?: z.ZodType;
  query?: z.ZodType;
  data: z.ZodType;
};

/**
 * Every API call, once: the server registers its routes from these, the web client is typed by them and
 * `/api/openapi.json` is generated from them.
 */
export const endpoints = {
  appConfig: {
    method: 'GET',
    path: '/api/app/config',
    auth: false,
    summary: 'Public run-time configuration (chain, version)',
    tags: ['app'],
    data: AppConfigData,
  },
  authNotice: {
    method: 'POST',
    path: '/api/auth/notice',
    auth: false,
    summary: 'Issue an EIP-4361 sign-in notice with a single-use nonce (10 minutes)',
    tags: ['auth'],
    body: NoticeRequest,
    data: NoticeData,
  },
  authLogin: {
    method: 'POST',
    path: '/api/auth/login',
    auth: false,
    summary: 'Verify the signed notice and open a session',
    tags: ['auth'],
    body: LoginRequest,
    data: LoginData,
  },
  authLogout: {
    method: 'POST',
    path: '/api/auth/logout',
    auth: true,
    summary: 'Revoke the current session',
    tags: ['auth'],
    data: z.null(),
  },
  postListing: {
    method: 'POST',
    path: '/api/orders/listings',
    auth: false,
    summary: 'Submit a signed Seaport listing to the order book (marketplace connectors; the signature is the proof)',
    tags: ['orders'],
    body: PostListingRequest,
    data: PostListingData,
  },
  userCheck: {
    method: 'GET',
    path: '/api/user/check',
    auth: true,
    summary: 'Subscription flag, identity and ENS name of the signed-in user',
    tags: ['user'],
    data: UserCheckData,
  },
  trending: {
    method: 'GET',
    path: '/api/trending',
    auth: true,
    summary: 'Collections by trades over a window (all, or the caller\'s watchlist), from the per-minute rollups',
    tags: ['market'],
    query: TrendingQuery,
    data: TrendingData,
  },
  watchlist: {
    method: 'GET',
    path: '/api/watchlist',
    auth: true,
    summary: 'The caller\'s followed collections with trades and floor over a window',
    tags: ['watchlist'],
    query: WatchlistQuery,
    data: WatchlistData,
  },
  follow: {
    method: 'POST',
    path: '/api/watchlist/follow',
    auth: true,
    summary: 'Add a collection to the caller\'s watchlist',
    tags: ['watchlist'],
    body: FollowRequest,
    data: FollowData,
  },
  unfollow: {
    method: 'POST',
    path: '/api/watchlist/unfollow',
    auth: true,
    summary: 'Remove a collection from the caller\'s watchlist',
    tags: ['watchlist'],
    body: FollowRequest,
    data: FollowData,
  },
  search: {
    method: 'GET',
    path: '/api/search',
    auth: false,
    summary: 'Collections by name or address',
    tags: ['market'],
    query: SearchQuery,
    data: SearchData,
  },
  collection: {
    method: 'GET',
    path: '/api/collection',
    auth: true,
    summary: 'One collection: supply, owners, listed share, floor, and trades and volume per window',
    tags: ['collection'],
    query: CollectionQuery,
    data: CollectionDetail,
  },
  collectionListings: {
    method: 'GET',
    path: '/api/collection/listings',
    auth: true,
    summary: 'Every active listing of a collection, cheapest first, with rarity, pending buys and flags',
    tags: ['collection'],
    query: CollectionQuery,
    data: ListingsData,
  },
  collectionTrades: {
    method: 'GET',
    path: '/api/collection/trades',
    auth: true,
    summary: 'The latest trades of a collection, newest first',
    tags: ['collection'],
    query: TradesQuery,
    data: TradesData,
  },
  collectionFloorHistory: {
    method: 'GET',
    path: '/api/collection/floor-history',
    auth: true,
    summary: 'Floor, trades and volume of a collection over a range, in buckets',
    tags: ['collection'],
    query: FloorHistoryQuery,
    data: FloorHistoryData,
  },
  collectionHolders: {
    method: 'GET',
    path: '/api/collection/holders',
    auth: true,
    summary: 'Holder count and the largest holders of a collection',
    tags: ['collection'],
    query: CollectionQuery,
    data: HoldersData,
  },
  calendar: {
    method: 'GET',
    path: '/api/calendar',
    auth: false,
    summary: 'Upcoming mints and reveals',
    tags: ['market'],
    data: CalendarData,
  },
  gasPrice: {
    method: 'GET',
    path: '/api/market/gas-price',
    auth: false,
    summary: 'Base fee of the latest block (Gwei) and ETH in USD from the chain\'s price feed',
    tags: ['market'],
    data: GasPriceData,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
export type EndpointQuery<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
export type EndpointData<E extends Endpoint> = z.output<E['data']>;
