import { ItemType, SEAPORT_ABI } from '@floordesk/contracts';
import { sql } from 'drizzle-orm';
import { decodeFunctionData, type Hex, type Transaction } from 'viem';
import type { RoleContext } from '../context';
import type { Executor } from '../db/pool';
import { startRepeating } from './repeat';
import { seaportAddress } from './chain-contracts';

/** A pending transaction not mined after this long is taken as dropped. */
const PENDING_TTL_MS = 10 * 60_000;

type Target = { collection: string; tokenId: bigint };

/**
 * The NFTs a pending Seaport fill would buy, read from its calldata: the offer items of every order it fills
 * (basic orders carry the NFT as their offer token). Anything else targets nothing.
 */
export function fillTargets(input: Hex): Target[] {
  let call;
  try {
    call = decodeFunctionData({ abi: SEAPORT_ABI, data: input });
  } catch {
    return [];
  }
  switch (call.functionName) {
    case 'fulfillBasicOrder':
    case 'fulfillBasicOrder_efficient_6GL6yc': {
      const [parameters] = call.args;
      // Routes 0–2 pay ETH or ERC-20 for an offered NFT; the others accept bids.
      return Math.floor(parameters.basicOrderType / 4) <= 2
        ? [{ collection: parameters.offerToken.toLowerCase(), tokenId: parameters.offerIdentifier }]
        : [];
    }
    case 'fulfillOrder':
    case 'fulfillAdvancedOrder':
      return nfts(call.args[0].parameters.offer);
    case 'fulfillAvailableOrders':
    case 'fulfillAvailableAdvancedOrders':
      return call.args[0].flatMap((order) => nfts(order.parameters.offer));
    default:
      return [];
  }
}

function nfts(items: readonly { itemType: number; token: string; identifierOrCriteria: bigint }[]): Target[] {
  return items
    .filter((item) => item.itemType === ItemType.Erc721 || item.itemType === ItemType.Erc1155)
    .map((item) => ({ collection: item.token.toLowerCase(), tokenId: item.identifierOrCriteria }));
}

/** Records pending fills of the given transaction; mined ones are skipped (ingest already cleared them). */
export async function recordPending(db: Executor, tx: Transaction, seaport: string, now: Date): Promise<number> {
  if (tx.blockNumber !== null || tx.to?.toLowerCase() !== seaport) return 0;
  const targets = fillTargets(tx.input);
  if (targets.length === 0) return 0;
  // A legacy transaction's whole gas price counts as its tip: what a rival buyer would have to outbid.
  const tip = (tx.maxPriorityFeePerGas ?? tx.gasPrice)?.toString() ?? null;
  const result = await db.execute(sql`
    insert into pending_buys (tx_hash, collection, token_id, buyer, priority_fee_wei, seen_at)
    select ${tx.hash.toLowerCase()}, *, ${tx.from.toLowerCase()}, ${tip}::numeric, ${now}::timestamptz
      from unnest(${sql.param(targets.map((t) => t.collection))}::text[],
                  ${sql.param(targets.map((t) => t.tokenId.toString()))}::numeric[])
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/**
 * Polls the node's pending-transaction filter and records the Seaport fills among them, so listings and
 * collections carry a pending count; mined transactions leave with their block, dropped ones after 10 minutes.
 */
export function startMempoolWatcher(options: RoleContext & { pollMs?: number }): { stop(): Promise<void> } {
  const { db, chain, log } = options;
  let filter: Awaited<ReturnType<typeof chain.client.createPendingTransactionFilter>> | undefined;
  return startRepeating(async () => {
    try {
      filter ??= await chain.client.createPendingTransactionFilter();
      const hashes = await chain.client.getFilterChanges({ filter });
      const txs = await Promise.all(hashes.map((hash) => chain.client.getTransaction({ hash }).catch(() => undefined)));
      for (const tx of txs) if (tx) await recordPending(db, tx, seaportAddress(chain.contracts), options.now());
      const droppedBefore = new Date(options.now().getTime() - PENDING_TTL_MS);
      await db.execute(sql`delete from pending_buys where seen_at < ${droppedBefore}`);
    } catch (error) {
      // Nodes forget idle filters; a fresh one is made on the next tick.
      filter = undefined;
      log.debug({ err: error }, 'mempool poll failed');
    }
  }, options.pollMs ?? 500);
}
