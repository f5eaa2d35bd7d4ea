export type ApiRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: `/api/${string}`;
  /** Needs `Authorization: Bearer <sign_num>` and `X-Address`; otherwise status 110. */
  auth: boolean;
  /** Only for operators (OPERATOR_ADDRESSES); others get status 1702. Implies `auth`. */
  operator?: true;
};

/**
 * Where every API call lives, by name, without its schemas: the web client calls from this table and is typed by
 * `endpoints` (a type-only import), so no zod reaches the browser. `endpoints` adds the schemas to each route.
 */
export const apiRoutes = {
  appConfig: { method: 'GET', path: '/api/app/config', auth: false },
  authNotice: { method: 'POST', path: '/api/auth/notice', auth: false },
  authLogin: { method: 'POST', path: '/api/auth/login', auth: false },
  authLogout: { method: 'POST', path: '/api/auth/logout', auth: true },
  postListing: { method: 'POST', path: '/api/orders/listings', auth: false },
  postListings: { method: 'POST', path: '/api/orders/listings/batch', auth: false },
  sellPrepare: { method: 'POST', path: '/api/sell/prepare', auth: true },
  myListings: { method: 'GET', path: '/api/sell/listings', auth: true },
  cancelListings: { method: 'POST', path: '/api/sell/cancel', auth: true },
  userCheck: { method: 'GET', path: '/api/user/check', auth: true },
  trending: { method: 'GET', path: '/api/trending', auth: true },
  watchlist: { method: 'GET', path: '/api/watchlist', auth: true },
  follow: { method: 'POST', path: '/api/watchlist/follow', auth: true },
  unfollow: { method: 'POST', path: '/api/watchlist/unfollow', auth: true },
  search: { method: 'GET', path: '/api/search', auth: false },
  collection: { method: 'GET', path: '/api/collection', auth: true },
  collectionListings: { method: 'GET', path: '/api/collection/listings', auth: true },
  collectionTrades: { method: 'GET', path: '/api/collection/trades', auth: true },
  collectionFloorHistory: { method: 'GET', path: '/api/collection/floor-history', auth: true },
  collectionHolders: { method: 'GET', path: '/api/collection/holders', auth: true },
  flippers: { method: 'GET', path: '/api/flippers', auth: false },
  holding: { method: 'GET', path: '/api/holding', auth: false },
  calendar: { method: 'GET', path: '/api/calendar', auth: false },
  floorHistories: { method: 'GET', path: '/api/historic', auth: false },
  minting: { method: 'GET', path: '/api/discover/minting', auth: false },
  marketSummary: { method: 'GET', path: '/api/market/summary', auth: false },
  gasPrice: { method: 'GET', path: '/api/market/gas-price', auth: false },
  gasSettings: { method: 'GET', path: '/api/user/gas', auth: true },
  saveGasSettings: { method: 'POST', path: '/api/user/gas', auth: true },
  sweepQuote: { method: 'POST', path: '/api/sweep/quote', auth: true },
  sweepRecord: { method: 'POST', path: '/api/sweep/orders', auth: true },
  sweepSettle: { method: 'POST', path: '/api/sweep/orders/settle', auth: true },
  portfolio: { method: 'GET', path: '/api/portfolio', auth: true },
  reportClientError: { method: 'POST', path: '/api/client/errors', auth: false },
  wallets: { method: 'GET', path: '/api/user/wallets', auth: true },
  addWallet: { method: 'POST', path: '/api/user/wallets', auth: true },
  deleteWallet: { method: 'POST', path: '/api/user/wallets/delete', auth: true },
  heartbeat: { method: 'POST', path: '/api/user/heartbeat', auth: true },
  liveConnection: { method: 'GET', path: '/api/live/connection', auth: true },
  liveCheck: { method: 'GET', path: '/api/live/check', auth: true },
  notifications: { method: 'GET', path: '/api/notifications', auth: true },
  postAnnouncement: { method: 'POST', path: '/api/admin/announcements', auth: true, operator: true },
  alerts: { method: 'GET', path: '/api/alerts', auth: true },
  alertDetail: { method: 'GET', path: '/api/alerts/detail', auth: true },
  saveAlert: { method: 'POST', path: '/api/alerts', auth: true },
  deleteAlert: { method: 'POST', path: '/api/alerts/delete', auth: true },
  chatSettings: { method: 'GET', path: '/api/alerts/chat', auth: true },
  saveChatId: { method: 'POST', path: '/api/alerts/chat', auth: true },
  testChat: { method: 'POST', path: '/api/alerts/chat/test', auth: true },
  devnetChatUser: { method: 'POST', path: '/api/devnet/chat/users', auth: false },
  devnetChatMessages: { method: 'GET', path: '/api/devnet/chat/messages', auth: false },
  devnetChatMyId: { method: 'POST', path: '/api/devnet/chat/my-id', auth: false },
  devnetChatDms: { method: 'POST', path: '/api/devnet/chat/dms', auth: false },
  subscriptionPlans: { method: 'GET', path: '/api/subscription/plans', auth: false },
  subscriptionQuote: { method: 'POST', path: '/api/subscription/quote', auth: true },
  subscription: { method: 'GET', path: '/api/subscription', auth: true },
  trialCodes: { method: 'GET', path: '/api/codes/trial', auth: true },
  issueTrialCode: { method: 'POST', path: '/api/codes/trial', auth: true },
  redeemTrialCode: { method: 'POST', path: '/api/codes/trial/redeem', auth: true },
  invitation: { method: 'GET', path: '/api/codes/invitation', auth: true },
  setInvitation: { method: 'POST', path: '/api/codes/invitation', auth: true },
  useInvitation: { method: 'POST', path: '/api/codes/invitation/use', auth: true },
  communityCode: { method: 'GET', path: '/api/codes/community', auth: true },
  useCommunityCode: { method: 'POST', path: '/api/codes/community/use', auth: true },
  setIdentity: { method: 'POST', path: '/api/admin/identity', auth: true, operator: true },
  saveCommunity: { method: 'POST', path: '/api/admin/communities', auth: true, operator: true },
  savePromotion: { method: 'POST', path: '/api/admin/promotions', auth: true, operator: true },
  whatsNew: { method: 'GET', path: '/api/app/whats-new', auth: false },
  rarityCollections: { method: 'GET', path: '/api/rarity/collections', auth: false },
  rarityTokens: { method: 'GET', path: '/api/rarity/tokens', auth: false },
  rarityRecommendations: { method: 'GET', path: '/api/rarity/recommendations', auth: false },
  refreshMetadata: { method: 'POST', path: '/api/metadata/refresh', auth: true },
} as const satisfies Record<string, ApiRoute>;

export type ApiName = keyof typeof apiRoutes;
