import { LOOKSRARE_ABI, orderFromJson, type OrderComponentsJson, SEAPORT_ABI } from '@floordesk/contracts';
import {
  type CancelListingsData,
  type CancelListingsRequest,
  type CancelTransaction,
  DEFAULT_GAS_ENTRIES,
  effectiveGasEntry,
  type ExchangeProtocol,
  gasLimit,
  normalizeAddress,
  presetFees,
  type SellMarketplace,
  Status,
} from '@floordesk/protocol';
import { type Address, encodeFunctionData, type Hex } from 'viem';
import type { ChainAccess } from '../../chain/client';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { gasSettingsOf } from '../gas-settings/service';
import { fromChain } from '../sweep/service';
import { onRevert } from './chain';
import { venuesOf } from './prepare';
import { type CancelRow, listingsToCancel, openListingsOf } from './store';

/** A cancelling transaction before the node has estimated it. */
type Planned = Omit<CancelTransaction, 'gas' | 'fee_wei'>;

/** The marketplace whose exchange a protocol's listing is cancelled on: each trades on its own protocol. */
const MARKETPLACE_OF: Record<ExchangeProtocol, SellMarketplace> = { seaport: 'opensea', 'looksrare-v2': 'looks' };

/**
 * The transactions that cancel what `request` names, among the listings of the caller's own `wallets`, each
 * estimated by the node from its sender and priced at the caller's gas preset. Named listings must each be the
 * caller's (2103) and open (2104), `order_hashes.N` the first that is not; a cancel-all needs one of their wallets
 * (2105) with something open on that marketplace (2106). A transaction the node would not estimate: 2107.
 */
export async function cancelTransactions(
  ctx: AppContext,
  chain: ChainAccess,
  user: string,
  wallets: readonly string[],
  request: CancelListingsRequest,
): Promise<Result<CancelListingsData>> {
  const planned =
    'all' in request ? await cancelAll(ctx, chain, wallets, request) : await cancelNamed(ctx, wallets, request);
  if (!planned.ok) return planned;
  return priced(ctx, chain, user, planned.value);
}

/** Seaport's `cancel` of the named orders, and LooksRare's `cancelOrderNonces` of theirs, per offerer and exchange. */
async function cancelNamed(
  ctx: AppContext,
  wallets: readonly string[],
  request: { order_hashes: readonly string[] },
): Promise<Result<Planned[]>> {
  const now = ctx.now();
  const hashes = request.order_hashes.map((hash) => hash.toLowerCase());
  const rows = new Map((await listingsToCancel(ctx.db, [...new Set(hashes)], now)).map((row) => [row.order_hash, row]));
  const groups = new Map<string, CancelRow[]>();
  for (const [i, hash] of hashes.entries()) {
    const row = rows.get(hash);
    if (!row || !wallets.includes(row.offerer)) return refuse(Status.SellListingNotOwn, `order_hashes.${i}`);
    if (!row.open) return refuse(Status.SellListingEnded, `order_hashes.${i}`);
    const key = `${row.offerer}:${row.protocol_address}`;
    const group = groups.get(key) ?? [];
    if (!group.includes(row)) group.push(row);
    groups.set(key, group);
  }
  return ok(
    await Promise.all(
      [...groups.values()].map(async (group): Promise<Planned> => {
        const [{ offerer, protocol, protocol_address: exchange }] = group as [CancelRow, ...CancelRow[]];
        const base = { marketplace: MARKETPLACE_OF[protocol], from: offerer, to: exchange };
        if (protocol === 'seaport') {
          const orders = group.map((row) => orderFromJson(row.parameters as OrderComponentsJson));
          return {
            ...base,
            data: encodeFunctionData({ abi: SEAPORT_ABI, functionName: 'cancel', args: [orders] }),
            method: 'cancel',
            order_hashes: group.map((row) => row.order_hash),
          };
        }
        const nonces = [...new Set(group.map((row) => row.order_nonce as string))];
        // Every ask of the offerer signed with one of these nonces dies with it, not only the ones named.
        const ended = await openListingsOf(ctx.db, { offerer, exchange, orderNonces: nonces, now });
        return {
          ...base,
          data: encodeFunctionData({
            abi: LOOKSRARE_ABI,
            functionName: 'cancelOrderNonces',
            args: [nonces.map(BigInt)],
          }),
          method: 'cancelOrderNonces',
          order_hashes: ended.map((row) => row.order_hash),
        };
      }),
    ),
  );
}

/** Everything `wallet` has open on the marketplace's exchange, ended by Seaport's new counter or a new ask nonce. */
async function cancelAll(
  ctx: AppContext,
  chain: ChainAccess,
  wallets: readonly string[],
  request: { wallet: string; marketplace: SellMarketplace },
): Promise<Result<Planned[]>> {
  const wallet = normalizeAddress(request.wallet);
  if (!wallets.includes(wallet)) return refuse(Status.SellWalletNotOwn);
  const exchange = venuesOf(chain.contracts)[request.marketplace].exchange;
  const open = await openListingsOf(ctx.db, { offerer: wallet, exchange, now: ctx.now() });
  if (open.length === 0) return refuse(Status.SellNothingToCancel);
  const call =
    request.marketplace === 'opensea'
      ? {
          method: 'incrementCounter' as const,
          data: encodeFunctionData({ abi: SEAPORT_ABI, functionName: 'incrementCounter' }),
        }
      : {
          method: 'incrementBidAskNonces' as const,
          data: encodeFunctionData({ abi: LOOKSRARE_ABI, functionName: 'incrementBidAskNonces', args: [false, true] }),
        };
  return ok([
    {
      marketplace: request.marketplace,
      from: wallet,
      to: exchange,
      ...call,
      order_hashes: open.map((row) => row.order_hash),
    },
  ]);
}

/**
 * What a transaction's gas costs per unit now, as the caller's selected gas preset would send it (the sweep's
 * `presetFees` on the latest base fee): the base fee plus the preset's priority fee, within its max fee. A preset
 * that leaves fees to the wallet pays the node's suggested priority fee.
 */
async function feePerGas(ctx: AppContext, chain: ChainAccess, user: string, baseFee: bigint): Promise<bigint> {
  const { gas } = await gasSettingsOf(ctx, user);
  const fees = presetFees(effectiveGasEntry(gas.length > 0 ? gas : DEFAULT_GAS_ENTRIES), baseFee);
  if (!fees) return baseFee + (await chain.client.estimateMaxPriorityFeePerGas());
  const paid = baseFee + fees.maxPriorityFeePerGas;
  return paid < fees.maxFeePerGas ? paid : fees.maxFeePerGas;
}

/** Each transaction as the node estimates it from its sender at the latest block, with the product's 30 % margin. */
async function priced(
  ctx: AppContext,
  chain: ChainAccess,
  user: string,
  planned: readonly Planned[],
): Promise<Result<CancelListingsData>> {
  const read = await fromChain(
    chain.client.getBlock().then((block) =>
      Promise.all([
        feePerGas(ctx, chain, user, block.baseFeePerGas ?? 0n),
        Promise.all(
          planned.map((transaction) =>
            chain.client
              .estimateGas({
                account: transaction.from as Address,
                to: transaction.to as Address,
                data: transaction.data as Hex,
                blockNumber: block.number,
                prepare: false,
              })
              .catch(onRevert(null)),
          ),
        ),
      ]),
    ),
  );
  if (!read.ok) return read;
  const [perGas, estimates] = read.value;
  if (estimates.some((estimate) => estimate === null)) return refuse(Status.SellCancelWouldFail);
  return ok({
    transactions: planned.map((transaction, i) => {
      const gas = gasLimit(estimates[i] as bigint);
      return { ...transaction, gas: gas.toString(), fee_wei: (gas * perGas).toString() };
    }),
  });
}
