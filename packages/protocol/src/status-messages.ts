import { type Lang, Status, type StatusCode } from './status';

// Apart from the codes so that the web app's first page, which reads `Status`, does not carry every message: only
// the screens that word a code themselves (the alert forms) load them.

export const statusMessages: Record<StatusCode, Record<Lang, string>> = {
  [Status.Ok]: { en: 'OK', zh: '成功' },
  [Status.SessionInvalid]: {
    en: 'Your session has ended. Please sign in again.',
    zh: '登录已失效，请重新登录。',
  },
  [Status.BadRequest]: { en: 'Wrong input.', zh: '输入有误。' },
  [Status.Forbidden]: { en: 'Access denied.', zh: '拒绝访问。' },
  [Status.NotFound]: { en: 'Not found.', zh: '未找到。' },
  [Status.PreconditionFailed]: {
    en: 'The file has changed since the version requested.',
    zh: '该文件在所请求的版本之后已被修改。',
  },
  [Status.PayloadTooLarge]: { en: 'The request is too large.', zh: '请求内容过大。' },
  [Status.UriTooLong]: { en: 'The address requested is too long.', zh: '请求的地址过长。' },
  [Status.UnsupportedMediaType]: {
    en: 'The request body must be JSON (Content-Type: application/json).',
    zh: '请求内容必须是 JSON（Content-Type: application/json）。',
  },
  [Status.RangeNotSatisfiable]: {
    en: 'The requested range lies beyond the end of the file.',
    zh: '请求的范围超出了文件末尾。',
  },
  [Status.RateLimited]: {
    en: 'Too many requests, please slow down.',
    zh: '请求过于频繁，请稍后再试。',
  },
  [Status.Internal]: {
    en: 'Server error, please try again later',
    zh: '服务器错误，请稍后重试',
  },
  [Status.NoticeMalformed]: {
    en: 'The sign-in notice is not a valid Sign-In with Ethereum message.',
    zh: '登录声明不是有效的以太坊登录（SIWE）消息。',
  },
  [Status.NoticeUnknown]: {
    en: 'This sign-in notice was not issued by FloorDesk. Please request a new one.',
    zh: '该登录声明并非 FloorDesk 签发，请重新获取。',
  },
  [Status.NoticeUsed]: {
    en: 'This sign-in notice has already been used. Please sign in again.',
    zh: '该登录声明已被使用，请重新登录。',
  },
  [Status.NoticeExpired]: {
    en: 'The sign-in notice has expired. Please sign in again.',
    zh: '登录声明已过期，请重新登录。',
  },
  [Status.NoticeDomainMismatch]: {
    en: 'The sign-in notice was issued for another website.',
    zh: '该登录声明属于其他网站。',
  },
  [Status.NoticeAddressMismatch]: {
    en: 'The sign-in notice was issued for another address.',
    zh: '该登录声明属于其他地址。',
  },
  [Status.NoticeChainMismatch]: {
    en: 'The sign-in notice was issued for another network.',
    zh: '该登录声明属于其他网络。',
  },
  [Status.SignatureMismatch]: {
    en: 'The signature does not belong to this address.',
    zh: '签名与该地址不匹配。',
  },
  [Status.NoticeAltered]: {
    en: 'The signed text is not the sign-in notice FloorDesk issued. Please sign in again.',
    zh: '签名的内容与 FloorDesk 签发的登录声明不一致，请重新登录。',
  },
  [Status.ListingWrongChain]: {
    en: 'The order is for another network or another exchange contract.',
    zh: '该订单属于其他网络或其他交易所合约。',
  },
  [Status.ListingUnsupported]: {
    en: 'Only fixed-price listings of one NFT for ETH, paying the seller first, are accepted.',
    zh: '仅接受以 ETH 定价、单个 NFT、且首先支付给卖家的固定价格挂单。',
  },
  [Status.ListingBadPrice]: { en: 'The listing price must be above zero.', zh: '挂单价格必须大于零。' },
  [Status.ListingExpired]: {
    en: 'The listing has expired or its time window is invalid.',
    zh: '挂单已过期或时间范围无效。',
  },
  [Status.ListingBadSignature]: {
    en: 'The order signature does not belong to the offerer, or is not in canonical form.',
    zh: '订单签名与挂单人不匹配，或签名不是规范形式。',
  },
  [Status.ListingStaleCounter]: {
    en: 'The order was signed with an old counter or global nonce: the offerer has cancelled all such orders.',
    zh: '订单使用了过期的计数器或全局 nonce 签名：挂单人已取消此类订单。',
  },
  [Status.ListingCancelled]: { en: 'The order has been cancelled.', zh: '该订单已被取消。' },
  [Status.ListingFilled]: { en: 'The order has already been filled.', zh: '该订单已成交。' },
  [Status.ListingNotOwner]: { en: 'The offerer does not own this NFT.', zh: '挂单人并不持有该 NFT。' },
  [Status.ListingNotApproved]: {
    en: 'The NFT is not approved to the marketplace for transfer.',
    zh: '该 NFT 未授权给市场进行转移。',
  },
  [Status.ListingUnknownMarketplace]: {
    en: 'The order does not come from a supported marketplace.',
    zh: '该订单不属于受支持的市场。',
  },
  [Status.ListingNotStarted]: {
    en: 'The listing has not started yet: post it once its start time has passed.',
    zh: '该挂单尚未开始：请在开始时间之后再提交。',
  },
  [Status.ListingPriceTooHigh]: {
    en: 'The listing price is above 1,000,000,000 ETH.',
    zh: '挂单价格超过 1,000,000,000 ETH。',
  },
  [Status.ListingBadProof]: {
    en: "The bulk listing's proof does not lead to the root that was signed.",
    zh: '批量挂单的证明与签名的根不符。',
  },
  [Status.ListingProofTooLarge]: {
    en: 'The bulk listing holds more orders than LooksRare accepts in one signature (1,024 at most).',
    zh: '批量挂单包含的订单超过 LooksRare 单次签名的上限（最多 1,024 个）。',
  },
  [Status.ListingNonceUsed]: {
    en: "The order's nonce has already been used by a trade, or cancelled.",
    zh: '该订单的 nonce 已被一笔成交使用或已被取消。',
  },
  [Status.ListingSubsetCancelled]: {
    en: 'The offerer has cancelled the group of orders this one belongs to.',
    zh: '挂单人已取消该订单所属的订单组。',
  },
  [Status.ListingOperatorNotGranted]: {
    en: "The offerer has not allowed the exchange to use LooksRare's transfer manager.",
    zh: '挂单人尚未允许交易所使用 LooksRare 的转移管理器。',
  },
  [Status.ListingNotAsk]: {
    en: 'This is an offer to buy, not a listing.',
    zh: '这是一个买入出价，而不是挂单。',
  },
  [Status.ListingWrongCurrency]: {
    en: 'Only listings priced in ETH are accepted.',
    zh: '仅接受以 ETH 定价的挂单。',
  },
  [Status.ListingBadAmount]: {
    en: 'An ERC-721 listing must offer exactly one of its token, and no listing may offer none.',
    zh: 'ERC-721 挂单必须恰好出售一个代币，任何挂单的数量都不能为零。',
  },
  [Status.ListingUnsupportedStrategy]: {
    en: 'Only the standard fixed-price sale strategy is accepted.',
    zh: '仅接受标准的固定价格出售策略。',
  },
  [Status.ChainUnavailable]: {
    en: 'The blockchain node cannot be reached right now. Please try again.',
    zh: '暂时无法连接区块链节点，请稍后重试。',
  },
  [Status.CollectionUnknown]: { en: 'Collection not found.', zh: '未找到该合集。' },
  [Status.AlreadyFollowing]: {
    en: 'This collection is already in your watchlist.',
    zh: '该合集已在你的关注列表中。',
  },
  [Status.NotFollowing]: { en: 'This collection is not in your watchlist.', zh: '该合集不在你的关注列表中。' },
  [Status.WatchlistFull]: {
    en: 'Your watchlist is full (500 collections). Unfollow one first.',
    zh: '关注列表已满（500 个合集），请先取消关注一个。',
  },
  [Status.PremiumRequired]: {
    en: 'Purchase functionality is only available to premium users',
    zh: '购买功能仅对高级会员开放',
  },
  [Status.SweepUnsupportedStandard]: {
    en: 'Only ERC-721 collections can be bought here; ERC-1155 is not supported.',
    zh: '仅支持购买 ERC-721 合集，暂不支持 ERC-1155。',
  },
  [Status.NoOrder]: { en: 'No matching orders.', zh: '没有可购买的挂单。' },
  [Status.InvalidGas]: { en: 'Invalid gas', zh: '无效的 Gas 设置' },
  [Status.SweepWrongChain]: {
    en: 'To use BUY functionality, switch your wallet to the network FloorDesk trades on.',
    zh: '要使用购买功能，请将钱包切换到 FloorDesk 所在的网络。',
  },
  [Status.SweepOrderUnknown]: { en: 'This sweep was not found.', zh: '未找到该扫货记录。' },
  [Status.SweepTxMismatch]: {
    en: 'This transaction is not the one prepared for this sweep.',
    zh: '该交易与为本次扫货准备的交易不一致。',
  },
  [Status.BalanceTooLow]: {
    en: 'Balance too low to proceed with transaction',
    zh: '余额不足，无法继续交易',
  },
  [Status.SweepTxNotSeen]: {
    en: 'The network has not seen this transaction yet. Please try again in a moment.',
    zh: '网络尚未收到该交易，请稍后重试。',
  },
  [Status.HigherThanExpected]: { en: 'Higher than expected', zh: '价格高于预期' },
  [Status.WalletInvalid]: { en: 'Invalid address', zh: '无效的地址' },
  [Status.WalletLimit]: { en: 'Add up to 10', zh: '最多添加 10 个' },
  [Status.WalletDuplicate]: { en: 'This wallet is already on your list.', zh: '该钱包已在列表中。' },
  [Status.WalletUnknown]: { en: 'This wallet is not on your list.', zh: '该钱包不在你的列表中。' },
  [Status.WalletPrimary]: {
    en: 'The wallet you signed in with cannot be removed.',
    zh: '登录所用的钱包不能删除。',
  },
  [Status.LiveUnavailable]: {
    en: 'Live notifications are unavailable right now. Please try again later.',
    zh: '实时通知暂不可用，请稍后再试。',
  },
  [Status.OperatorOnly]: { en: 'Only operators may do this.', zh: '仅运营人员可执行此操作。' },
  [Status.FieldEmpty]: { en: 'This item cannot be empty', zh: '此项不能为空' },
  [Status.AlertPriceFormat]: { en: 'Wrong price format', zh: '价格格式错误' },
  [Status.AlertPriceMin]: { en: 'The price cannot be less than 0.0001', zh: '价格不能低于 0.0001' },
  [Status.AlertPriceDuplicate]: { en: 'The price already exists', zh: '该价格已存在' },
  [Status.AlertPriceLimit]: { en: 'Add up to 5', zh: '最多添加 5 个' },
  [Status.AlertIntervalInvalid]: { en: 'Please select correct time interval.', zh: '请选择正确的时间区间。' },
  [Status.AlertNumberInvalid]: {
    en: 'Enter a whole number within the range shown.',
    zh: '请输入所示范围内的整数。',
  },
  [Status.AlertDmLimitInvalid]: {
    en: 'The DM limit is 1 to 60 messages an hour.',
    zh: '私信上限为每小时 1 到 60 条。',
  },
  [Status.TextTooLong]: { en: 'This text is too long.', zh: '内容过长。' },
  [Status.AlertTimePast]: {
    en: 'Choose a time whose reminder is still ahead.',
    zh: '请选择提醒时间尚未到来的时间。',
  },
  [Status.AlertNotFound]: { en: 'Alert not found.', zh: '未找到该提醒。' },
  [Status.AlertLimit]: {
    en: 'You can keep up to 50 alerts. Delete one first.',
    zh: '最多保留 50 个提醒，请先删除一个。',
  },
  [Status.ChatIdRequired]: { en: 'Please input your chat user ID', zh: '请输入你的聊天用户 ID' },
  [Status.ChatIdInvalid]: {
    en: 'A chat user ID is a number of 17 to 20 digits: run /my-id and paste what the bot answers.',
    zh: '聊天用户 ID 是 17 到 20 位数字：请运行 /my-id 并粘贴机器人的回复。',
  },
  [Status.ChatNotLinked]: { en: 'Save your chat user ID first.', zh: '请先保存你的聊天用户 ID。' },
  [Status.ChatUnreachable]: {
    en: "The bot cannot send you direct messages. Allow DMs from the server's members, then test again.",
    zh: '机器人无法向你发送私信。请允许服务器成员向你发送私信，然后重新测试。',
  },
  [Status.ChatUnknownUser]: {
    en: 'No chat user has this ID. Run /my-id again and paste what the bot answers.',
    zh: '没有使用该 ID 的聊天用户。请重新运行 /my-id 并粘贴机器人的回复。',
  },
  [Status.ChatUnavailable]: {
    en: 'The chat service cannot be reached right now. Please try again later.',
    zh: '暂时无法连接聊天服务，请稍后再试。',
  },
  [Status.ChatDisabled]: {
    en: 'Chat alerts are not set up on this server.',
    zh: '本服务器尚未配置聊天提醒。',
  },
  [Status.PlanUnknown]: { en: 'No such plan.', zh: '没有这个套餐。' },
  [Status.AgreementRequired]: {
    en: 'Please check and agree to the Disclaimer and Terms of Service.',
    zh: '请勾选并同意免责声明和服务条款。',
  },
  [Status.PromotionEnded]: { en: 'This sale has ended.', zh: '本次促销已结束。' },
  [Status.PromotionNotStarted]: { en: 'This sale has not started yet.', zh: '本次促销尚未开始。' },
  [Status.SubscriptionsUnavailable]: {
    en: 'This FloorDesk does not take subscriptions.',
    zh: '此 FloorDesk 不提供订阅。',
  },
  [Status.TrialCodeEmpty]: { en: 'Enter the trial code', zh: '请输入试用码' },
  [Status.TrialCodeUnknown]: { en: 'This trial code does not exist.', zh: '该试用码不存在。' },
  [Status.TrialCodeUsed]: { en: 'This trial code has already been used.', zh: '该试用码已被使用。' },
  [Status.TrialExpired]: { en: 'Your trial has expired', zh: '你的试用已过期' },
  [Status.TrialRunning]: { en: 'Your trial is already running.', zh: '你的试用正在进行中。' },
  [Status.AlreadyMember]: {
    en: 'You are already a member: trial codes are for newcomers.',
    zh: '你已是会员：试用码仅供新用户使用。',
  },
  [Status.TrialCodeLimit]: {
    en: 'You have received your 3 trial codes for this month.',
    zh: '你本月的 3 个试用码已全部领取。',
  },
  [Status.MembersOnly]: { en: 'Only members receive trial codes.', zh: '只有会员才能领取试用码。' },
  [Status.TrialEnded]: { en: 'Your test has ended', zh: '你的试用已结束' },
  [Status.InvitationCodeInvalid]: {
    en: 'An invitation code is 4 to 16 letters or digits.',
    zh: '邀请码由 4 到 16 个字母或数字组成。',
  },
  [Status.InvitationCodeTaken]: { en: 'This invitation code is taken.', zh: '该邀请码已被占用。' },
  [Status.InvitationCodeUnknown]: { en: 'This invitation code does not exist.', zh: '该邀请码不存在。' },
  [Status.InvitationOwnCode]: { en: 'You cannot use your own invitation code.', zh: '不能使用自己的邀请码。' },
  [Status.InvitationAlreadyUsed]: { en: 'You have already used an invitation code.', zh: '你已使用过邀请码。' },
  [Status.InvitationTooLate]: {
    en: 'Invitation codes count before your first subscription only.',
    zh: '邀请码仅在首次订阅前有效。',
  },
  [Status.CommunityCodeUnknown]: { en: 'This community code does not exist.', zh: '该社区码不存在。' },
  [Status.CommunityCodeNotForYou]: {
    en: 'Your identity already has its own price.',
    zh: '你的身份已享有专属价格。',
  },
  [Status.CommunityManagersOnly]: {
    en: 'Only community managers have a community code.',
    zh: '只有社区管理者才有社区码。',
  },
  [Status.NotAllowlisted]: {
    en: 'This wallet is not on the allow list of this FloorDesk.',
    zh: '此钱包不在本 FloorDesk 的白名单中。',
  },
  [Status.MetadataRefreshUserLimit]: {
    en: 'You have asked for 20 metadata refreshes in the last hour. Please try again later.',
    zh: '你在过去一小时内已请求 20 次元数据刷新，请稍后再试。',
  },
  [Status.MetadataRefreshCollectionRecent]: {
    en: "This collection's metadata was refreshed less than 10 minutes ago. Please try again later.",
    zh: '该合集的元数据在 10 分钟内刚刷新过，请稍后再试。',
  },
  [Status.MetadataRefreshTokenRecent]: {
    en: "This token's metadata was refreshed less than a minute ago. Please try again shortly.",
    zh: '该 NFT 的元数据在一分钟内刚刷新过，请稍后再试。',
  },
  [Status.MetadataTokenUnknown]: {
    en: 'This token is not in the collection.',
    zh: '该合集中没有这个 NFT。',
  },
  [Status.PortfolioPremiumRequired]: {
    en: 'The portfolio is only available to premium users',
    zh: '资产组合仅对高级会员开放',
  },
  [Status.PortfolioWalletNotOwn]: {
    en: 'This wallet is not one of your wallets. Add it under your wallets first.',
    zh: '此钱包不是你的钱包，请先在钱包列表中添加。',
  },
  [Status.SellPremiumRequired]: {
    en: 'Listing from FloorDesk is only available to premium users',
    zh: '通过 FloorDesk 挂单仅对高级会员开放',
  },
  [Status.SellTokenNotOwn]: {
    en: 'This NFT is no longer in your wallets: it was sold or moved. Nothing was listed.',
    zh: '该 NFT 已不在你的钱包中：它已售出或被转走。未挂出任何订单。',
  },
  [Status.SellListingNotOwn]: {
    en: 'This listing was not made by one of your wallets.',
    zh: '该挂单并非由你的钱包挂出。',
  },
  [Status.SellListingEnded]: {
    en: 'This listing has already ended: it sold, was cancelled or expired.',
    zh: '该挂单已结束：已售出、已取消或已过期。',
  },
  [Status.SellWalletNotOwn]: {
    en: 'This wallet is not one of your wallets. Add it under your wallets first.',
    zh: '此钱包不是你的钱包，请先在钱包列表中添加。',
  },
  [Status.SellNothingToCancel]: {
    en: 'This wallet has no active listing on that marketplace.',
    zh: '该钱包在此市场没有有效挂单。',
  },
  [Status.SellCancelWouldFail]: {
    en: 'The cancellation would fail on chain as things stand. Nothing was sent.',
    zh: '按当前链上状态，取消交易会失败。未发送任何交易。',
  },
};

export function statusMessage(status: StatusCode, lang: Lang): string {
  return statusMessages[status][lang];
}
