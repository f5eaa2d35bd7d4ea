import type { Wallet } from './wallets';

type Hash = `0x${string}`;

/** What the wallet's own node says of a sent transaction: null while it has no receipt (or cannot say). */
export type ReceiptStatus = 'success' | 'reverted' | null;

/** How often a sent transaction's receipt is asked for while it is awaited. */
export const RECEIPT_POLL_MS = 1500;
/** A transaction not mined in this long is left to the wallet: what shows its effect picks it up once it is. */
export const RECEIPT_GIVE_UP_MS = 10 * 60_000;

/**
 * The receipt of `hash` as the wallet's own node has it (eth_getTransactionReceipt). Not through wagmi: its
 * transports point at public nodes, not the chain FloorDesk trades on.
 */
export async function readWalletReceipt(wallet: Wallet, hash: Hash): Promise<ReceiptStatus> {
  const receipt = (await wallet.provider.request({ method: 'eth_getTransactionReceipt', params: [hash] })) as {
    status?: string;
  } | null;
  if (!receipt?.status) return null;
  return receipt.status === '0x0' ? 'reverted' : 'success';
}

export type ReceiptDeps = {
  receipt: (wallet: Wallet, hash: Hash) => Promise<ReceiptStatus>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
};

/**
 * Polls the receipts of `hashes` every RECEIPT_POLL_MS until all are in or RECEIPT_GIVE_UP_MS has passed:
 * 'reverted' once any of them reverted, 'success' once all are mined, null when they were given up on.
 */
export async function awaitReceipts(
  hashes: readonly Hash[],
  wallet: Wallet,
  deps: ReceiptDeps,
): Promise<'success' | 'reverted' | null> {
  const giveUpAt = deps.now() + RECEIPT_GIVE_UP_MS;
  const waiting = new Set(hashes);
  let reverted = false;
  for (;;) {
    for (const hash of waiting) {
      // A node that cannot answer now (or a transaction still in the mempool) is asked again at the next poll.
      const status = await deps.receipt(wallet, hash).catch(() => null);
      if (status === null) continue;
      waiting.delete(hash);
      reverted ||= status === 'reverted';
    }
    if (reverted) return 'reverted';
    if (waiting.size === 0) return 'success';
    if (deps.now() >= giveUpAt) return null;
    await deps.sleep(RECEIPT_POLL_MS);
  }
}
