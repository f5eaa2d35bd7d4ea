import { setTimeout as sleep } from 'node:timers/promises';
import { rpc } from '@floordesk/devnet';

const POLL_MS = 20;

/**
 * Notes when each block from `startBlock` on first shows at the node (eth_blockNumber every 20 ms): block timestamps
 * are whole seconds, so latencies measured from them carry up to a second that no code of ours spends.
 */
export function watchBlocks(rpcUrl: string, startBlock: number) {
  const seenAt = new Map<number, number>();
  const polling = new AbortController();
  const poller = (async () => {
    let seen = startBlock - 1;
    while (!polling.signal.aborted) {
      const head = Number(await rpc<string>(rpcUrl, 'eth_blockNumber', []));
      const at = Date.now();
      for (; seen < head;) seenAt.set(++seen, at);
      await sleep(POLL_MS);
    }
  })();
  return {
    seenAt,
    stop: async () => {
      polling.abort();
      await poller;
    },
  };
}
