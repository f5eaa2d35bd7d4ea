import { type Address, getAbiItem, type Hex, type LocalAccount, parseAbi } from 'viem';

/**
 * FloorDeskSubscriptions (solidity/FloorDeskSubscriptions.sol), typed. Every custom error is listed, its base
 * contracts' too, so that viem names a revert rather than showing its selector.
 */
export const SUBSCRIPTIONS_ABI = parseAbi([
  'struct Quote { address payer; uint8 plan; uint256 price; uint256 expiry; bytes32 quoteId; }',
  'function subscribe(Quote quote, bytes signature) payable',
  'function hashQuote(Quote quote) view returns (bytes32)',
  'function quoteSigner() view returns (address)',
  'function treasury() view returns (address)',
  'function quoteUsed(bytes32 quoteId) view returns (bool)',
  'function setQuoteSigner(address newQuoteSigner)',
  'function setTreasury(address newTreasury)',
  'function owner() view returns (address)',
  'function pendingOwner() view returns (address)',
  'function transferOwnership(address newOwner)',
  'function acceptOwnership()',
  'event Subscribed(address indexed payer, bytes32 indexed quoteId, uint8 plan, uint256 price)',
  'event QuoteSignerChanged(address previous, address current)',
  'event TreasuryChanged(address previous, address current)',
  'error ZeroAddress()',
  'error NotPayer(address payer, address sender)',
  'error QuoteExpired(uint256 expiry)',
  'error WrongPrice(uint256 price, uint256 sent)',
  'error QuoteAlreadyUsed(bytes32 quoteId)',
  'error InvalidQuoteSignature()',
  'error TreasuryTransferFailed()',
  'error OwnableUnauthorizedAccount(address account)',
  'error OwnableInvalidOwner(address owner)',
]);

/** The EIP-712 types of a quote, as the contract hashes it: the fields of `subscribe`'s quote, in order. */
export const QUOTE_TYPES = {
  Quote: getAbiItem({ abi: SUBSCRIPTIONS_ABI, name: 'subscribe' }).inputs[0].components,
} as const;

/** A price offered to one payer for one plan; `expiry` is in unix seconds, `price` in wei. */
export type SubscriptionQuote = { payer: Address; plan: number; price: bigint; expiry: bigint; quoteId: Hex };

export function subscriptionsDomain(chainId: number, verifyingContract: Address) {
  return { name: 'FloorDesk Subscriptions', version: '1', chainId, verifyingContract } as const;
}

/** The quote signer's signature, which `subscribe` takes along with the quote. */
export function signQuote(
  account: LocalAccount,
  chainId: number,
  contract: Address,
  quote: SubscriptionQuote,
): Promise<Hex> {
  return account.signTypedData({
    domain: subscriptionsDomain(chainId, contract),
    types: QUOTE_TYPES,
    primaryType: 'Quote',
    message: quote,
  });
}
