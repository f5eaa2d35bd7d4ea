import {
  basicOrderArgs,
  makerToJson,
  orderPrice,
  SEAPORT_ABI,
  type SignedOrder,
  sweepArgs,
} from '@floordesk/contracts';
import { devnetAccount } from '@floordesk/devnet';
import { type Address, type Hex, isAddressEqual, keccak256, type LocalAccount, parseEther, stringToHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetChainAccess } from '../apps/server/src/devnet';
import { LOOKSRARE_V2 } from '../apps/server/src/market/listings/protocols/looksrare-v2';
import { DevnetMarket, type FreshListing, type FreshLooksRareListing } from '../e2e/support/devnet-market';
import { startBenchDevnet } from './bench-devnet';
import type { Benchmark } from './run';
import { round } from './stats';

const SIZES = [1, 5, 10, 20, 30] as const;
const COMPARED_AT = 20;
const COLLECTION = 'moonlit-foxes';
const BUYER = 3;
const SELLER_FUNDS = parseEther('100');
/** Distinct asks, as a real floor has them; the amounts do not change the gas, only that they are ETH. */
const BASE_PRICE = parseEther('0.05');
const PRICE_STEP = parseEther('0.0001');
const TARGET_RATIO_20 = 0.72;
const TARGET_VS_BARE_PERCENT = 2;

type SweepCall = ReturnType<typeof sweepArgs>;

/**
 * What a FloorDesk sweep costs in gas per item against buying the same listings one by one, on the devnet's
 * real Seaport 1.6 (mainnet's bytecode), automining. For each N in 1, 5, 10, 20, 30, N fresh ERC-721 tokens are
 * minted to N different sellers, as a floor is (a sweep cannot pay one seller once for many items), and listed as
 * OpenSea builds them (through its conduit, 2.5% fee, then the royalty), then bought:
 * - sweep: the call FloorDesk sends, one `fulfillAvailableAdvancedOrders` from `sweepArgs` (fee and royalty payments
 *   aggregated per recipient);
 * - bare: the same call with one fulfillment component per consideration item, the reference Seaport call;
 * - single: each listing on its own with `fulfillBasicOrder_efficient_6GL6yc` (`basicOrderArgs`).
 * Each figure is gasUsed from the receipt (calldata and the 21,000 base included) divided by N; gas is deterministic
 * but for the calldata's zero bytes (random salts: a few gas), so one run is the measurement. A warm-up sale first gives the fee recipient a balance and the buyer an NFT, and every
 * seller keeps one unsold token, so no call pays for a first write or earns a refund for emptying a slot.
 * `per_item_gas_20_one_seller` is the best case beside it: twenty listings of one seller, whose proceeds aggregate too.
 * On LooksRare v2 beside it: `looks_per_item_gas_20` for 20 asks of 20 sellers in one `executeMultipleTakerBids`,
 * `looks_ratio_20` against the same bought one by one (`looksRareFigures`).
 * Targets: ratio_20 (sweep per item at 20 / single per item) <= 0.72; the sweep's per-item gas within 2% of a bare
 * fulfillAvailableAdvancedOrders (vs_bare_20_percent <= 2; negative is cheaper).
 */
const benchmark: Benchmark = {
  description: `sweep vs bare fulfillAvailableAdvancedOrders vs one-by-one basic orders, ERC-721 via OpenSea's conduit, N = ${SIZES.join(', ')}`,
  async run() {
    const devnet = await startBenchDevnet(0);
    try {
      const market = await DevnetMarket.open(devnet.rpcUrl, devnet.manifest, { pollingMs: 10 });
      const buyerAccount = devnetAccount(BUYER);
      const buyer = buyerAccount.address;
      const buy = buyerCalls(market, buyerAccount);
      const sellers = await fundedSellers(market, Math.max(...SIZES));
      const price = (i: number) => BASE_PRICE + PRICE_STEP * BigInt(i);
      // One listing from each of the first `count` sellers, minted and signed side by side (their nonces are apart).
      const list = async (count: number) =>
        (
          await Promise.all(
            sellers.slice(0, count).map((seller, i) => market.createListings(seller, COLLECTION, [price(i)])),
          )
        ).flat();

      // Every seller's spare token (listed, never bought), then a warm-up sale of another token.
      await list(sellers.length);
      const warmUp = await list(1);
      await buy.many('sweep', warmUp, sweepArgs(warmUp, buyer));

      const rows = [];
      let singleGas = 0n;
      for (const n of SIZES) {
        const swept = await list(n);
        const sweep = await buy.many('sweep', swept, sweepArgs(swept, buyer));
        const bought = await list(n);
        const bare = await buy.many('bare', bought, bareSweepArgs(bought, buyer));
        let single = 0n;
        for (const listing of await list(n)) single += await buy.one(listing);
        singleGas += single;
        rows.push({ n, sweep: perItem(sweep, n), bare: perItem(bare, n), single: perItem(single, n) });
      }

      const oneSeller = await market.createListings(
        sellers[0]!,
        COLLECTION,
        Array.from({ length: COMPARED_AT }, (_, i) => price(i)),
      );
      const oneSellerPerItem = perItem(await buy.many('sweep', oneSeller, sweepArgs(oneSeller, buyer)), COMPARED_AT);

      const looks = await looksRareFigures(market, devnet.rpcUrl, sellers, buyerAccount, price);

      const at = rows.find((row) => row.n === COMPARED_AT)!;
      const singlePerItem = perItem(
        singleGas,
        SIZES.reduce((total, n) => total + n, 0),
      );
      console.table(
        rows.map((row) => ({
          N: row.n,
          'sweep gas/item': row.sweep,
          'bare gas/item': row.bare,
          'single gas/item': row.single,
          'sweep / single': round(row.sweep / row.single, 3),
          'sweep vs bare %': round((row.sweep / row.bare - 1) * 100, 2),
        })),
      );
      const ratio20 = round(at.sweep / singlePerItem, 3);
      const vsBare20 = round((at.sweep / at.bare - 1) * 100, 2);
      console.log(
        `ratio_20 ${ratio20} (target <= ${TARGET_RATIO_20}), sweep vs bare at 20: ${vsBare20}% (target <= ${TARGET_VS_BARE_PERCENT}%)`,
      );
      console.log(
        `LooksRare at 20: sweep ${looks.sweep} gas/item, single ${looks.single} gas/item, looks_ratio_20 ${looks.ratio}`,
      );
      return {
        figures: {
          ...Object.fromEntries(rows.map((row) => [`per_item_gas_${row.n}`, row.sweep])),
          single_per_item_gas: singlePerItem,
          ratio_20: ratio20,
          bare_per_item_20: at.bare,
          vs_bare_20_percent: vsBare20,
          per_item_gas_20_one_seller: oneSellerPerItem,
          looks_per_item_gas_20: looks.sweep,
          looks_single_per_item_gas: looks.single,
          looks_ratio_20: looks.ratio,
        },
        details: { collection: COLLECTION, conduit: 'opensea', sellers: 'one per listing', rows },
      };
    } finally {
      await devnet.remove();
    }
  },
};

export default benchmark;

/**
 * LooksRare v2 at 20: a warm-up sale (the protocol fee recipient and the royalty recipient get a balance), then 20
 * asks of 20 sellers bought in the one non-atomic `executeMultipleTakerBids` FloorDesk sends (the order book's own
 * calldata), against 20 more bought one by one with `executeTakerBid`; per item, from the receipts.
 */
async function looksRareFigures(
  market: DevnetMarket,
  rpcUrl: string,
  sellers: readonly LocalAccount[],
  buyer: LocalAccount,
  price: (i: number) => bigint,
): Promise<{ sweep: number; single: number; ratio: number }> {
  const chain = devnetChainAccess(rpcUrl, market.manifest);
  const list = async (count: number) =>
    (
      await Promise.all(
        sellers.slice(0, count).map((seller, i) => market.createLooksRareListings(seller, COLLECTION, [price(i)])),
      )
    ).flat();
  const buy = async (listings: readonly FreshLooksRareListing[]): Promise<bigint> => {
    const call = LOOKSRARE_V2.fill(
      chain,
      listings.map((listing) => ({ parameters: makerToJson(listing.maker), signature: listing.signature })),
      buyer.address,
      listings.length,
    );
    const hash = await market.clients.wallet(buyer).sendTransaction({
      to: market.manifest.looksRare.protocol,
      data: call.data,
      value: listings.reduce((total, listing) => total + listing.priceWei, 0n),
    });
    const receipt = await market.confirm(hash);
    for (const { tokenId } of listings) {
      const owner = await market.ownerOf(listings[0]!.maker.collection, tokenId);
      if (!owner || !isAddressEqual(owner, buyer.address)) throw new Error(`LooksRare token ${tokenId} was not bought`);
    }
    return receipt.gasUsed;
  };
  // Every seller's spare LooksRare token stays listed, unsold; then a warm-up sale.
  await list(sellers.length);
  await buy(await list(1));
  const sweep = perItem(await buy(await list(COMPARED_AT)), COMPARED_AT);
  let single = 0n;
  for (const listing of await list(COMPARED_AT)) single += await buy([listing]);
  const singlePerItem = perItem(single, COMPARED_AT);
  return { sweep, single: singlePerItem, ratio: round(sweep / singlePerItem, 3) };
}

/**
 * The reference call: `sweepArgs`' orders and offer fulfillments, but every consideration item a fulfillment of its
 * own, so each fee and royalty is a transfer of its own, as a plain Seaport integration sends them.
 */
function bareSweepArgs(orders: readonly SignedOrder[], recipient: Address): SweepCall {
  const [advancedOrders, criteriaResolvers, offerFulfillments, , conduitKey, to, maximumFulfilled] = sweepArgs(
    orders,
    recipient,
  );
  const considerationFulfillments = orders.flatMap(({ order }, orderIndex) =>
    order.consideration.map((_, itemIndex) => [{ orderIndex: BigInt(orderIndex), itemIndex: BigInt(itemIndex) }]),
  );
  return [
    advancedOrders,
    criteriaResolvers,
    offerFulfillments,
    considerationFulfillments,
    conduitKey,
    to,
    maximumFulfilled,
  ];
}

/** Fresh sellers with ETH for their mints; the keys are derived from their index, so runs repeat exactly. */
async function fundedSellers(market: DevnetMarket, count: number): Promise<LocalAccount[]> {
  const sellers = Array.from({ length: count }, (_, i) =>
    privateKeyToAccount(keccak256(stringToHex(`sweep-gas seller ${i}`))),
  );
  for (const seller of sellers) await market.fund(seller.address, SELLER_FUNDS);
  return sellers;
}

/** The buyer's two ways to buy; each answers the gas its transactions used and checks every token arrived. */
function buyerCalls(market: DevnetMarket, buyer: LocalAccount) {
  const wallet = market.clients.wallet(buyer);
  const seaport = market.manifest.seaport;
  const gasUsed = async (hash: Hex, listings: readonly FreshListing[]) => {
    const receipt = await market.confirm(hash);
    for (const { order, tokenId } of listings) {
      const owner = await market.ownerOf(order.offer[0]!.token, tokenId);
      if (!owner || !isAddressEqual(owner, buyer.address)) throw new Error(`token ${tokenId} was not bought`);
    }
    return receipt.gasUsed;
  };
  return {
    async many(label: string, listings: readonly FreshListing[], args: SweepCall): Promise<bigint> {
      const hash = await wallet.writeContract({
        address: seaport,
        abi: SEAPORT_ABI,
        functionName: 'fulfillAvailableAdvancedOrders',
        args,
        value: listings.reduce((total, listing) => total + orderPrice(listing.order), 0n),
      });
      return gasUsed(hash, listings).catch((error: unknown) => {
        throw new Error(`${label} of ${listings.length}: ${String(error)}`);
      });
    },
    async one(listing: FreshListing): Promise<bigint> {
      const hash = await wallet.writeContract({
        address: seaport,
        abi: SEAPORT_ABI,
        functionName: 'fulfillBasicOrder_efficient_6GL6yc',
        args: basicOrderArgs(listing),
        value: orderPrice(listing.order),
      });
      return gasUsed(hash, [listing]);
    },
  };
}

function perItem(gas: bigint, n: number): number {
  return round(Number(gas) / n, 0);
}
