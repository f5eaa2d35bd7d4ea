import { LOOKSRARE_ABI, LOOKSRARE_TRANSFER_MANAGER_ABI, SEAPORT_ABI } from '@floordesk/contracts';
import {
  BREAK_PRICE_FEE_PERCENT,
  normalizeAddress,
  type PortfolioHolding,
  type SellMarketplace,
  type SellPrepareData,
  type SellPrepareRequest,
  type SellToken,
  type SellVenue,
  type SellWallet,
  Status,
} from '@floordesk/protocol';
import { type Address, erc1155Abi, erc721Abi, type Hex, parseAbi, zeroAddress } from 'viem';
import { currentExchange, operatorFor } from '../../chain/chain-contracts';
import type { ChainAccess } from '../../chain/client';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { catalogNames, walletsPortfolio } from '../portfolio/service';
import { fromChain } from '../sweep/service';
import { onRevert } from './chain';
import { collectionStandards, rarityFacts, type TokenListingRow, tokenListings, type TokenRef } from './store';

/** OpenSea's fee, in basis points: the product's one figure for it, which break prices use too. */
const OPENSEA_FEE_BPS = Math.round(BREAK_PRICE_FEE_PERCENT.opensea * 100);
/** LooksRare's standard sale, the strategy its asks use (`STANDARD_SALE_STRATEGY`): its fee is read from the chain. */
const STANDARD_STRATEGY = 0n;
const BPS = 10_000n;

/** ERC-2981 asked for the royalty on a price of 10,000 wei: the answer is the royalty in basis points. */
const ERC2981_ABI = parseAbi([
  'function royaltyInfo(uint256 tokenId, uint256 salePrice) view returns (address receiver, uint256 royaltyAmount)',
]);
/** Each marketplace's exchange and the operator sellers approve on a collection, as this chain's table names them. */
type Venues = {
  opensea: { exchange: Address; feeRecipient: Address; conduitKey: Hex; operator: Address };
  looks: { exchange: Address; operator: Address };
};

/**
 * The marketplaces' terms from the chain's table: OpenSea on the current Seaport, paid its fee at its recipient and
 * approved through its conduit (the table's one conduit, the one the order book recognises OpenSea's listings by);
 * LooksRare on its current exchange, approved through the exchange's TransferManager. A chain without them is a
 * configuration error, as `currentExchange` treats a missing exchange.
 */
export function venuesOf(contracts: ChainAccess['contracts']): Venues {
  const seaport = currentExchange(contracts, 'seaport');
  const looksRare = currentExchange(contracts, 'looksrare-v2');
  const feeRecipient = contracts.marketplaces.find((identity) => identity.marketplace === 'opensea')?.feeRecipients[0];
  const [conduitKey] = Object.keys(contracts.conduits) as Hex[];
  const conduit = conduitKey && operatorFor(contracts, conduitKey);
  if (!feeRecipient || !conduitKey || !conduit || !looksRare.transferManager) {
    throw new Error(
      `chain ${contracts.chainId} lacks OpenSea's fee recipient or conduit, or LooksRare's TransferManager`,
    );
  }
  return {
    opensea: { exchange: seaport.address, feeRecipient, conduitKey, operator: conduit },
    looks: { exchange: looksRare.address, operator: looksRare.transferManager },
  };
}

/** Where a token is now: the own wallet holding it and how many units; undefined when none of them does. */
type Holding = { wallet: string; amount: bigint } | undefined;

/**
 * Who of `wallets` holds the token at `blockNumber`: ERC-721's owner, or for ERC-1155 the wallet with the most units
 * (the first of them on a tie), whose whole position is listed. A token that does not exist is held by nobody.
 */
async function holdingOf(
  { client }: ChainAccess,
  token: TokenRef & { standard: SellToken['standard'] },
  wallets: readonly string[],
  blockNumber: bigint,
): Promise<Holding> {
  const address = token.collection as Address;
  const tokenId = BigInt(token.tokenId);
  if (token.standard === 'erc721') {
    const owner = await client
      .readContract({ address, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId], blockNumber })
      .catch(onRevert(zeroAddress));
    const wallet = normalizeAddress(owner);
    return wallets.includes(wallet) ? { wallet, amount: 1n } : undefined;
  }
  const balances = await Promise.all(
    wallets.map((wallet) =>
      client
        .readContract({
          address,
          abi: erc1155Abi,
          functionName: 'balanceOf',
          args: [wallet as Address, tokenId],
          blockNumber,
        })
        .catch(onRevert(0n)),
    ),
  );
  let held: Holding;
  balances.forEach((amount, i) => {
    if (amount > (held?.amount ?? 0n)) held = { wallet: wallets[i] as string, amount };
  });
  return held;
}

/** LooksRare's fee on a standard sale, from its exchange: what the protocol takes of every ask's price. */
async function looksRareFeeBps({ client }: ChainAccess, exchange: Address, blockNumber: bigint): Promise<number> {
  const [, standardProtocolFeeBp] = await client.readContract({
    address: exchange,
    abi: LOOKSRARE_ABI,
    functionName: 'strategyInfo',
    args: [STANDARD_STRATEGY],
    blockNumber,
  });
  return standardProtocolFeeBp;
}

/** A wallet's nonces on both exchanges and whether it has granted LooksRare's TransferManager to its exchange. */
async function walletState(
  { client }: ChainAccess,
  venues: Venues,
  wallet: string,
  blockNumber: bigint,
): Promise<SellWallet> {
  const account = wallet as Address;
  const [counter, [, askNonce], granted] = await Promise.all([
    client.readContract({
      address: venues.opensea.exchange,
      abi: SEAPORT_ABI,
      functionName: 'getCounter',
      args: [account],
      blockNumber,
    }),
    client.readContract({
      address: venues.looks.exchange,
      abi: LOOKSRARE_ABI,
      functionName: 'userBidAskNonces',
      args: [account],
      blockNumber,
    }),
    client.readContract({
      address: venues.looks.operator,
      abi: LOOKSRARE_TRANSFER_MANAGER_ABI,
      functionName: 'hasUserApprovedOperator',
      args: [account, venues.looks.exchange],
      blockNumber,
    }),
  ]);
  return {
    wallet,
    seaport_counter: counter.toString(),
    looksrare_ask_nonce: askNonce.toString(),
    looksrare_granted: granted,
  };
}

/**
 * The token's ERC-2981 royalty in basis points, or none: a collection without ERC-2981 reverts (or answers nothing),
 * and one that names the zero address, or more than the whole price, names no royalty a listing could pay.
 */
async function royaltyOf(
  { client }: ChainAccess,
  token: TokenRef,
  blockNumber: bigint,
): Promise<{ recipient: string | null; bps: number }> {
  const [receiver, amount] = await client
    .readContract({
      address: token.collection as Address,
      abi: ERC2981_ABI,
      functionName: 'royaltyInfo',
      args: [BigInt(token.tokenId), BPS],
      blockNumber,
    })
    .catch(onRevert([zeroAddress, 0n] as const));
  if (receiver === zeroAddress || amount === 0n || amount > BPS) return { recipient: null, bps: 0 };
  return { recipient: normalizeAddress(receiver), bps: Number(amount) };
}

/** Whether `wallet` approved each marketplace's operator on `collection`. */
async function approvalsOf(
  { client }: ChainAccess,
  venues: Venues,
  collection: string,
  wallet: string,
  blockNumber: bigint,
): Promise<Record<SellMarketplace, boolean>> {
  const approved = (operator: Address) =>
    client
      .readContract({
        address: collection as Address,
        abi: erc721Abi,
        functionName: 'isApprovedForAll',
        args: [wallet as Address, operator],
        blockNumber,
      })
      .catch(onRevert(false));
  const [opensea, looks] = await Promise.all([approved(venues.opensea.operator), approved(venues.looks.operator)]);
  return { opensea, looks };
}

/**
 * What listing `request`'s tokens needs, for a caller whose own wallets are `wallets`. Each token must be held now,
 * on chain, by one of them (1301 for a collection FloorDesk does not know the standard of, 2102 otherwise; the
 * field `tokens.N` names the first refused). The
 * chain is read from one block in three rounds of one JSON-RPC batch each (the block; holdings and LooksRare's fee;
 * nonces, royalties and approvals) while the database answers the portfolio, rarity and listings beside the last.
 */
export async function prepareListing(
  ctx: AppContext,
  chain: ChainAccess,
  wallets: readonly string[],
  request: SellPrepareRequest,
): Promise<Result<SellPrepareData>> {
  const now = ctx.now();
  const tokens = request.tokens.map((token) => ({
    collection: normalizeAddress(token.collection),
    tokenId: token.token_id,
  }));
  const venues = venuesOf(chain.contracts);
  const [standards, head] = await Promise.all([
    collectionStandards(ctx.db, [...new Set(tokens.map((token) => token.collection))]),
    fromChain(chain.client.getBlockNumber()),
  ]);
  if (!head.ok) return head;
  const blockNumber = head.value;
  const typed = tokens.map((token) => ({ ...token, standard: standards.get(token.collection) }));
  const unknown = typed.findIndex((token) => token.standard === undefined);
  if (unknown >= 0) return refuse(Status.CollectionUnknown, `tokens.${unknown}`);
  const known = typed as (TokenRef & { standard: SellToken['standard'] })[];

  const held = await fromChain(
    Promise.all([
      Promise.all(known.map((token) => holdingOf(chain, token, wallets, blockNumber))),
      looksRareFeeBps(chain, venues.looks.exchange, blockNumber),
    ]),
  );
  if (!held.ok) return held;
  const [holdings, looksFee] = held.value;
  const notHeld = holdings.findIndex((holding) => holding === undefined);
  if (notHeld >= 0) return refuse(Status.SellTokenNotOwn, `tokens.${notHeld}`);
  const holders = holdings as NonNullable<Holding>[];

  const holdingWallets = [...new Set(holders.map((holding) => holding.wallet))];
  const pairs = [...new Set(known.map((token, i) => `${token.collection}:${holders[i]?.wallet}`))];
  const [read, { portfolio, catalog }, rarity, listings] = await Promise.all([
    fromChain(
      Promise.all([
        Promise.all(holdingWallets.map((wallet) => walletState(chain, venues, wallet, blockNumber))),
        Promise.all(known.map((token) => royaltyOf(chain, token, blockNumber))),
        Promise.all(
          pairs.map((pair) => {
            const [collection, wallet] = pair.split(':') as [string, string];
            return approvalsOf(chain, venues, collection, wallet, blockNumber);
          }),
        ),
      ]),
    ),
    walletsPortfolio(ctx, wallets),
    rarityFacts(ctx.db, tokens, now),
    tokenListings(ctx.db, tokens, now),
  ]);
  if (!read.ok) return read;
  const [walletStates, royalties, approvals] = read.value;
  const approvalOf = new Map(pairs.map((pair, i) => [pair, approvals[i] as Record<SellMarketplace, boolean>]));
  const own = new Set(wallets);

  return ok({
    chain_id: chain.contracts.chainId,
    venues: venueData(venues, looksFee),
    wallets: walletStates,
    tokens: known.map((token, i): SellToken => {
      const holding = holders[i] as NonNullable<Holding>;
      const key = `${token.collection}:${token.tokenId}`;
      const royalty = royalties[i] as { recipient: string | null; bps: number };
      const facts = rarity.get(key);
      const names = catalogNames(catalog, token.collection, token.tokenId);
      return {
        collection: token.collection,
        collection_name: names.collection_name,
        token_id: token.tokenId,
        token_name: names.token_name,
        image_url: names.image_url,
        standard: token.standard,
        amount: holding.amount.toString(),
        wallet: holding.wallet,
        royalty_recipient: royalty.recipient,
        royalty_bps: royalty.bps,
        floor_wei: names.floor?.toString() ?? null,
        rarest_trait: facts?.rarestTrait ?? null,
        rank: facts?.rank ?? null,
        ranked: facts?.ranked ?? null,
        cost_wei: positionOf(portfolio.holdings, token, holding.wallet)?.cost_wei ?? '0',
        listings: listings
          .filter((listing) => listing.collection === token.collection && listing.token_id === token.tokenId)
          .map((listing) => tokenListing(listing, own)),
        approved: approvalOf.get(`${token.collection}:${holding.wallet}`) ?? { opensea: false, looks: false },
      };
    }),
  });
}

function venueData(venues: Venues, looksFee: number): SellVenue[] {
  return [
    {
      marketplace: 'opensea',
      protocol: 'seaport',
      protocol_address: venues.opensea.exchange,
      fee_bps: OPENSEA_FEE_BPS,
      fee_recipient: venues.opensea.feeRecipient,
      conduit_key: venues.opensea.conduitKey,
      operator: venues.opensea.operator,
    },
    {
      marketplace: 'looks',
      protocol: 'looksrare-v2',
      protocol_address: venues.looks.exchange,
      fee_bps: looksFee,
      fee_recipient: null,
      conduit_key: null,
      operator: venues.looks.operator,
    },
  ];
}

/**
 * The portfolio's position of the token in the wallet holding it now; else in another own wallet (the index has not
 * seen a move between them yet). Its cost is what the portfolio counts; a token the index has not seen cost nothing.
 */
function positionOf(
  holdings: readonly PortfolioHolding[],
  token: TokenRef,
  wallet: string,
): PortfolioHolding | undefined {
  const same = (holding: PortfolioHolding) =>
    holding.collection === token.collection && holding.token_id === token.tokenId;
  return (
    holdings.find((holding) => same(holding) && holding.wallet === wallet) ?? holdings.find((holding) => same(holding))
  );
}

function tokenListing(listing: TokenListingRow, own: ReadonlySet<string>) {
  return {
    order_hash: listing.order_hash,
    marketplace: listing.marketplace,
    price_wei: listing.price_wei,
    own: own.has(listing.offerer),
    end_time: listing.end_time === null ? null : Number(listing.end_time),
  };
}
