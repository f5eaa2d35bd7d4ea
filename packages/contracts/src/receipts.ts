import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Chain,
  type Client,
  type Hash,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type Transport,
} from 'viem';
import { getTransactionReceipt } from 'viem/actions';

const RECEIPT_TIMEOUT_MS = 60_000;

/**
 * The receipt of a sent transaction, asked for every `client.pollingInterval` until the node has it. Use it instead
 * of viem's waitForTransactionReceipt on an automining node: that asks again only when a new block number arrives,
 * and its ask for the transaction's own block can be answered by an identical request (viem shares them) sent
 * before that block was mined; with nothing sent afterwards no further block comes, and it waits out its 180 s. On
 * a busy machine that happened in most devnet deploys.
 */
export async function receiptOf(
  client: Client<Transport, Chain | undefined>,
  hash: Hash,
  { timeoutMs = RECEIPT_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await getTransactionReceipt(client, { hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    });
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`transaction ${hash} has no receipt after ${timeoutMs / 1000} s`);
    await sleep(client.pollingInterval);
  }
}
