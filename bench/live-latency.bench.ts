import { setTimeout as sleep } from 'node:timers/promises';
import { receiptOf } from '@floordesk/contracts';
import { botAccounts, collectionBySlug, rpc } from '@floordesk/devnet';
import { LIVE_MESSAGE, type LiveConnectionData, type LiveMessage } from '@floordesk/protocol';
import mqtt from 'mqtt';
import {
  type Account,
  type Address,
  createWalletClient,
  erc721Abi,
  http,
  numberToHex,
  parseAbi,
  parseEther,
  parseEventLogs,
} from 'viem';
import { foundry } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { listen } from '../apps/server/src/db/listen';
import { devnetChainAccess } from '../apps/server/src/devnet';
import { buildServer } from '../apps/server/src/http/server';
import { credentialStore } from '../apps/server/src/live/credentials';
import { embeddedBrokerUrl, MQTT_PATH, startEmbeddedBroker } from '../apps/server/src/live/embedded-broker';
import { sessionHeaders, signIn } from '../apps/server/src/testing/wallets';
import { openBenchServer } from './bench-database';
import { watchBlocks } from './block-watch';
import { fillAtOnce, postBenchListing, startBenchDevnet, startBenchIndexer } from './bench-devnet';
import type { Benchmark } from './run';
import { quantile, round } from './stats';

const BLOCK_TIME_SECONDS = 2;
const SALES = 120;
/** Sales per round: one listing each, bought by as many bots at once, so a block holds several. */
const PER_ROUND = 12;
const SLUG = 'moonlit-foxes';
const TARGET_P95_MS = 1000;

/**
 * A sale's block → its 'Sold' notification at a subscribed browser-like client, through everything the product runs:
 * anvil mining every 2 s, the indexer following the head (as main.ts starts it), the wallet-event derivation after
 * each step, NOTIFY, the API process's relay and the embedded broker, to an mqtt.js client over WebSocket signed in
 * with a credential from `GET /api/live/connection`. A user mints tokens, lists them through the order book and bots
 * buy them, several per block. Latency = arrival − the moment the sale's block first showed at the node (polled every
 * 20 ms; block timestamps are whole seconds, so `*_from_timestamp_ms` adds up to a second). Target p95 < 1,000 ms.
 */
const benchmark: Benchmark = {
  description: `sale block → Sold at an MQTT-over-WebSocket client, devnet ${BLOCK_TIME_SECONDS} s blocks, ${SALES} sales (target p95 < ${TARGET_P95_MS} ms)`,
  async run() {
    const devnet = await startBenchDevnet(BLOCK_TIME_SECONDS);
    const server = await openBenchServer();
    const database = await server.freshDatabase('floordesk_bench_live');
    const chain = devnetChainAccess(devnet.rpcUrl, devnet.manifest);
    const walletOf = (account: Account) =>
      createWalletClient({ account, chain: foundry, transport: http(devnet.rpcUrl) });
    const ctx: AppContext = { config: loadConfig({}), db: database.db, now: () => new Date(), chain };
    const app = await buildServer({
      config: ctx.config,
      db: database.db,
      chain,
      live: {
        broker: (httpServer) =>
          startEmbeddedBroker({
            server: httpServer,
            publicUrl: embeddedBrokerUrl(new URL('http://127.0.0.1')),
            credentials: credentialStore(database.db, () => new Date()),
          }),
        listen: (channel, onPayload) => listen(database.pool, channel, onPayload, () => {}),
      },
    });
    let blocks: ReturnType<typeof watchBlocks> | undefined;
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening');

      const trader = privateKeyToAccount(generatePrivateKey());
      await rpc(devnet.rpcUrl, 'anvil_setBalance', [trader.address, numberToHex(parseEther('100'))]);
      const headers = sessionHeaders(await signIn(app, trader));
      const info = (await app.inject({ method: 'GET', url: '/api/live/connection', headers })).json()
        .data as LiveConnectionData;
      const client = await mqtt.connectAsync(`ws://127.0.0.1:${address.port}${MQTT_PATH}`, {
        username: info.username,
        password: info.password,
        clientId: info.clientId,
        protocolVersion: 4,
        clean: true,
        reconnectPeriod: 0,
      });
      await client.subscribeAsync(info.topic);
      /** tx hash → when its Sold notification arrived. */
      const arrived = new Map<string, number>();
      client.on('message', (_topic, payload) => {
        const at = Date.now();
        const message = JSON.parse(payload.toString()) as LiveMessage;
        if (message.type !== LIVE_MESSAGE.events) return;
        for (const item of message.data) if (item.type === 4 && item.tx_hash) arrived.set(item.tx_hash, at);
      });

      const startBlock = Number(await chain.client.getBlockNumber({ cacheTime: 0 })) + 1;
      blocks = watchBlocks(devnet.rpcUrl, startBlock);
      const { seenAt } = blocks;
      const indexer = startBenchIndexer(database, chain, startBlock);

      // The trader's tokens, approved to the marketplace's conduit.
      const collection = devnet.manifest.collections.find((entry) => entry.slug === SLUG)?.address as Address;
      const mintPrice = collectionBySlug(SLUG)?.mintPriceWei ?? 0n;
      const trading = walletOf(trader);
      const minted = await receiptOf(
        chain.client,
        await trading.writeContract({
          address: collection,
          abi: parseAbi(['function mint(address to, uint256 quantity) payable']),
          functionName: 'mint',
          args: [trader.address, BigInt(SALES)],
          value: mintPrice * BigInt(SALES),
        }),
      );
      const tokens = parseEventLogs({ abi: erc721Abi, logs: minted.logs, eventName: 'Transfer' }).map(
        (log) => log.args.tokenId,
      );
      await receiptOf(
        chain.client,
        await trading.writeContract({
          address: collection,
          abi: erc721Abi,
          functionName: 'setApprovalForAll',
          args: [devnet.manifest.conduit.address, true],
        }),
      );
      // The derivation starts at the block it first sees: everything from here on is notified.
      await waitFor(async () => (await database.pool.query('select 1 from notification_cursor')).rowCount === 1);

      const bots = botAccounts().slice(0, PER_ROUND);
      const blockOf = new Map<string, number>();
      for (let roundNumber = 0; roundNumber * PER_ROUND < tokens.length; roundNumber++) {
        const batch = tokens.slice(roundNumber * PER_ROUND, (roundNumber + 1) * PER_ROUND);
        const orders = [];
        const block = await chain.client.getBlock();
        for (const tokenId of batch) {
          orders.push(
            await postBenchListing(ctx, devnet, trader, {
              collection,
              royaltyBps: collectionBySlug(SLUG)?.royaltyBps ?? 0,
              tokenId,
              priceWei: parseEther('0.07'),
              startTime: block.timestamp - 60n,
              endTime: block.timestamp + 3600n,
              salt: BigInt(roundNumber * 1000 + orders.length + 1),
            }),
          );
        }
        const receipts = await fillAtOnce(devnet, chain, bots, orders);
        for (const receipt of receipts) blockOf.set(receipt.transactionHash, Number(receipt.blockNumber));
      }
      await waitFor(async () => arrived.size >= blockOf.size, 30_000).catch(() => {});
      await indexer.stop();
      await blocks?.stop();
      await client.endAsync();

      const fromSeen: number[] = [];
      const fromTimestamp: number[] = [];
      for (const [hash, block] of blockOf) {
        const at = arrived.get(hash);
        const seen = seenAt.get(block);
        if (at === undefined || seen === undefined) continue;
        fromSeen.push(at - seen);
        const { timestamp } = await chain.client.getBlock({ blockNumber: BigInt(block) });
        fromTimestamp.push(at - Number(timestamp) * 1000);
      }
      if (fromSeen.length < 100) throw new Error(`only ${fromSeen.length} of ${blockOf.size} sales were notified`);
      return {
        p50_ms: round(quantile(fromSeen, 0.5), 0),
        p95_ms: round(quantile(fromSeen, 0.95), 0),
        max_ms: round(Math.max(...fromSeen), 0),
        p50_from_timestamp_ms: round(quantile(fromTimestamp, 0.5), 0),
        p95_from_timestamp_ms: round(quantile(fromTimestamp, 0.95), 0),
        sales: blockOf.size,
        notified: fromSeen.length,
        target_p95_ms: TARGET_P95_MS,
      };
    } finally {
      await blocks?.stop();
      await app.close();
      await database.drop();
      await server.stop();
      await devnet.remove();
    }
  },
};

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

export default benchmark;
