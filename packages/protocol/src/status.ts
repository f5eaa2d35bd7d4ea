/**
 * Envelope status codes. `1` is success and `110` an invalid session, as in the original app; the rest are ours.
 * Every code carries its message in both languages, so the server can answer in the caller's language and the web
 * client can translate a code it raised itself.
 */
export const Status = {
  Ok: 1,
  /** Session missing, unknown, revoked, expired or belonging to another address: the client signs out. */
  SessionInvalid: 110,
  /** Malformed request: HTTP 400 with field errors. */
  BadRequest: 400,
  /** A path outside what is served (a static file path climbing out of the web app). */
  Forbidden: 403,
  NotFound: 404,
  /** The file changed since the version the request's If-Match or If-Unmodified-Since names. */
  PreconditionFailed: 412,
  /** Body over the limit: HTTP 413. */
  PayloadTooLarge: 413,
  UriTooLong: 414,
  /** A body in a format the call does not take (JSON only). */
  UnsupportedMediaType: 415,
  /** A Range header beyond the file's end. */
  RangeNotSatisfiable: 416,
  /** HTTP 429: the client reloads the page, as the original app did. */
  RateLimited: 429,
  /** A bug: HTTP 500. */
  Internal: 500,

  NoticeMalformed: 1101,
  NoticeUnknown: 1102,
  NoticeUsed: 1103,
  NoticeExpired: 1104,
  NoticeDomainMismatch: 1105,
  NoticeAddressMismatch: 1106,
  NoticeChainMismatch: 1107,
  SignatureMismatch: 1108,
  /** The signed text differs from the notice issued with its nonce, by as little as one character. */
  NoticeAltered: 1109,

  /** Order book refusals: a listing that could not be filled is never stored. */
  ListingWrongChain: 1201,
  ListingUnsupported: 1202,
  ListingBadPrice: 1203,
  ListingExpired: 1204,
  ListingBadSignature: 1205,
  ListingStaleCounter: 1206,
  ListingCancelled: 1207,
  ListingFilled: 1208,
  ListingNotOwner: 1209,
  ListingNotApproved: 1210,
  ListingUnknownMarketplace: 1211,
  /** The order's startTime is still ahead: Seaport would refuse to fill it now. */
  ListingNotStarted: 1212,
  /** The order's payments add up to more than a transaction can carry (above 2^256 − 1 wei). */
  ListingPriceTooHigh: 1213,
  /** LooksRare: the order nonce was spent by a trade (this order's or another sharing the nonce). */
  ListingNonceUsed: 1214,
  /** LooksRare: the signer cancelled the order's subset nonce. */
  ListingSubsetCancelled: 1215,
  /** LooksRare: the TransferManager is approved on the collection but the signer has not granted it the exchange. */
  ListingOperatorNotGranted: 1216,
  /** LooksRare: a maker bid (an offer to buy) posted as a listing. */
  ListingNotAsk: 1217,
  /** The listing asks for a currency other than ETH. */
  ListingWrongCurrency: 1218,
  /** An ERC-721 item with an amount other than 1, or an amount of 0. */
  ListingBadAmount: 1219,
  /** LooksRare: a strategy other than the standard fixed-price sale (strategy 0). */
  ListingUnsupportedStrategy: 1220,
  /** LooksRare: the batch proof does not lead from the order to the root it names (MerkleProofInvalid). */
  ListingBadProof: 1221,
  /** LooksRare: a batch proof of more than 10 levels, which the exchange refuses (MerkleProofTooLarge). */
  ListingProofTooLarge: 1222,
  /** The chain could not be asked (RPC down): the listing may be fine; try again. */
  ChainUnavailable: 1299,

  /** Market views: a collection FloorDesk has not indexed. */
  CollectionUnknown: 1301,
  AlreadyFollowing: 1302,
  NotFollowing: 1303,
  WatchlistFull: 1304,

  /** Sweep buying: what a buy needs (premium, an ERC-721 collection, a listing, the chain) and how it failed. */
  PremiumRequired: 1401,
  SweepUnsupportedStandard: 1402,
  /** The original app's err.no_order: no listing left to buy. */
  NoOrder: 1403,
  InvalidGas: 1404,
  SweepWrongChain: 1405,
  SweepOrderUnknown: 1406,
  SweepTxMismatch: 1407,
  BalanceTooLow: 1408,
  /** The node has not seen the transaction (yet): a wallet on another node can be a moment ahead; record it again. */
  SweepTxNotSeen: 1409,
  /** The original app's own code: the plan costs more than the user expected to pay. */
  HigherThanExpected: 1515,

  /** Own wallets (/my): the original app's 'Invalid address' and 'Add up to 10', and ours. */
  WalletInvalid: 1601,
  WalletLimit: 1602,
  WalletDuplicate: 1603,
  /** Deleting an address that is not on the caller's list (another user's wallet included). */
  WalletUnknown: 1604,
  /** The signed-in address is always one of the user's wallets. */
  WalletPrimary: 1605,

  /** Live notifications: the broker cannot be reached or has no credential to issue. */
  LiveUnavailable: 1701,
  /** An operator-only call made by someone who is not an operator (OPERATOR_ADDRESSES). */
  OperatorOnly: 1702,

  /** Alerts' fields: the original app's messages ('This item cannot be empty', the price rules) and ours. */
  FieldEmpty: 1801,
  AlertPriceFormat: 1802,
  AlertPriceMin: 1803,
  AlertPriceDuplicate: 1804,
  AlertPriceLimit: 1805,
  AlertIntervalInvalid: 1806,
  AlertNumberInvalid: 1807,
  AlertDmLimitInvalid: 1808,
  TextTooLong: 1809,
  /** A custom event whose reminder would already be due. */
  AlertTimePast: 1810,
  /** No such alert of the caller's (another user's included). */
  AlertNotFound: 1811,
  AlertLimit: 1812,
  /** The chat link: the original app's 'Please input your chat user ID', and what the chat service answered. */
  ChatIdRequired: 1821,
  ChatIdInvalid: 1822,
  ChatNotLinked: 1823,
  /** The chat service refused a DM: the user does not accept DMs from the bot (Discord 50007). */
  ChatUnreachable: 1824,
  ChatUnknownUser: 1825,
  /** The chat service could not be reached or failed; nothing was changed. */
  ChatUnavailable: 1826,
  /** No bot is configured on this server. */
  ChatDisabled: 1827,

  /** Subscriptions: plans, quotes and sales. */
  PlanUnknown: 1901,
  /** The original app's 'Please check and agree to the Disclaimer and Terms of Service.' */
  AgreementRequired: 1902,
  PromotionEnded: 1903,
  PromotionNotStarted: 1904,
  /** No payment contract or quote signer is configured: this server takes no subscriptions. */
  SubscriptionsUnavailable: 1905,
  /** Trial codes: the original app's 'Enter the trial code', 'Your trial has expired', 'Your test has ended'. */
  TrialCodeEmpty: 1911,
  TrialCodeUnknown: 1912,
  TrialCodeUsed: 1913,
  TrialExpired: 1914,
  TrialRunning: 1915,
  AlreadyMember: 1916,
  TrialCodeLimit: 1917,
  MembersOnly: 1918,
  /** A premium-only call by someone whose trial has ended and who has not subscribed. */
  TrialEnded: 1919,
  /** Invitation and community codes. */
  InvitationCodeInvalid: 1921,
  InvitationCodeTaken: 1922,
  InvitationCodeUnknown: 1923,
  InvitationOwnCode: 1924,
  InvitationAlreadyUsed: 1925,
  InvitationTooLate: 1926,
  CommunityCodeUnknown: 1931,
  CommunityCodeNotForYou: 1932,
  CommunityManagersOnly: 1933,
  /** The operator's allow list (SIGN_IN_ALLOWLIST) is on and does not name this wallet. */
  NotAllowlisted: 1941,

  /** Metadata refresh refusals: the limits of METADATA_REFRESH_LIMITS. */
  MetadataRefreshUserLimit: 2001,
  MetadataRefreshCollectionRecent: 2002,
  MetadataRefreshTokenRecent: 2003,
  /** A token id the collection has not minted (as far as FloorDesk has indexed it). */
  MetadataTokenUnknown: 2004,

  /** Portfolio: owned-NFT lookups are premium, over the caller's own wallets only. */
  PortfolioPremiumRequired: 2021,
  PortfolioWalletNotOwn: 2022,

  /** Selling: listing, cancelling and My listings are premium, over the caller's own wallets and listings only. */
  SellPremiumRequired: 2101,
  /** A token to list that none of the caller's wallets holds now (sold or moved while the dialog was open). */
  SellTokenNotOwn: 2102,
  /** A listing to cancel that none of the caller's wallets made. */
  SellListingNotOwn: 2103,
  /** A listing to cancel that has already ended (sold, cancelled or expired). */
  SellListingEnded: 2104,
  SellWalletNotOwn: 2105,
  /** Nothing active to cancel on that marketplace. */
  SellNothingToCancel: 2106,
  /** The node would not estimate the cancelling transaction: it would revert as things stand. */
  SellCancelWouldFail: 2107,
} as const;

export type StatusCode = (typeof Status)[keyof typeof Status];

export type Lang = 'en' | 'zh';
export const LANGS: readonly Lang[] = ['en', 'zh'];

/** Parses a `lang` value from a header or the client's stored setting; anything else is English. */
export function parseLang(value: string | null | undefined): Lang {
  return value?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
