import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { receiptOf } from '@floordesk/contracts';
import { ACCOUNT_PLAN, devnetAccount, rpc } from '@floordesk/devnet';
import type { FastifyInstance } from 'fastify';
import {
  type Address,
  createWalletClient,
  custom,
  encodeFunctionData,
  erc721Abi,
  type Hex,
  numberToHex,
  parseEther,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../http/server';
import { useTestDatabase } from '../../testing/database';
import { useTestDevnet } from '../../testing/devnet';
import { testConfig, testDevnetOptions } from '../../testing/server';

const database = useTestDatabase();
const devnet = useTestDevnet();
let app: FastifyInstance;

/** The test configuration listens on 127.0.0.1:8080: the Host a wallet pointed at the devnet sends. */
const HOST = '127.0.0.1:8080';

beforeAll(async () => {
  app = await buildServer({
    config: testConfig(),
    db: database().db,
    chain: devnet().chain,
    devnet: testDevnetOptions(testConfig(), devnet().rpcUrl),
  });
});
afterAll(() => app.close());

type RpcAnswer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } };

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

async function post(
  payload: string | object,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: RpcAnswer & RpcAnswer[] }> {
  const response = await app.inject({
    method: 'POST',
    url: '/rpc',
    headers: { host: HOST, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json() };
}

const getLogs = (filter: object) => post(call('eth_getLogs', [filter]));

/** The node itself, as FloorDesk's own tooling reaches it (never through /rpc). */
const node = <T>(method: string, params: unknown[] = []) => rpc<T>(devnet().rpcUrl, method, params);

const attacker = privateKeyToAccount(generatePrivateKey()).address;
const balanceOf = async (address: Address) => BigInt(await node<Hex>('eth_getBalance', [address, 'latest']));
const METHOD_NOT_FOUND = -32601;
const INVALID_REQUEST = -32600;

/** What an attacker asks the node for; none of it is a wallet's call. */
const NODE_ADMINISTRATION: ReadonlyArray<[string, unknown[]]> = [
  ['anvil_setBalance', [attacker, numberToHex(parseEther('1000'))]],
  ['anvil_impersonateAccount', [devnetAccount(ACCOUNT_PLAN.deployer).address]],
  ['anvil_setCode', ['0x0000000000000068F116a894984e2DB1123eB395', '0x00']],
  ['anvil_mine', [1]],
  ['anvil_dumpState', []],
  ['anvil_reset', []],
  ['evm_snapshot', []],
  ['evm_revert', ['0x1']],
  ['evm_setNextBlockTimestamp', [1]],
  ['hardhat_setBalance', [attacker, '0x1']],
  ['debug_traceCall', [{ to: attacker }, 'latest', {}]],
  ['txpool_content', []],
  ['eth_accounts', []],
  ['eth_sign', [devnetAccount(0).address, '0xdeadbeef']],
  ['personal_sign', ['0xdeadbeef', devnetAccount(0).address]],
  ['eth_signTypedData_v4', [devnetAccount(0).address, '{}']],
  ['eth_signTransaction', [{ from: devnetAccount(0).address, to: attacker }]],
  ['eth_sendTransaction', [{ from: devnetAccount(0).address, to: attacker, value: '0x1' }]],
  ['eth_newBlockFilter', []],
];

describe('POST /rpc: a wallet’s door to the devnet', () => {
  it('answers a wallet’s reads, one at a time and batched', async () => {
    const single = await post(call('eth_chainId', [], 7));
    expect(single).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 7, result: '0x7a69' } });

    const seller = devnetAccount(ACCOUNT_PLAN.people.from).address;
    const batch = await post([
      call('eth_blockNumber', [], 1),
      call('eth_getBalance', [seller, 'latest'], 'two'),
      call('net_version', [], 3),
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body.map((answer) => answer.id)).toEqual([1, 'two', 3]);
    expect(BigInt(batch.body[0]?.result as Hex)).toBe(BigInt(await node<Hex>('eth_blockNumber')));
    expect(BigInt(batch.body[1]?.result as Hex)).toBe(await balanceOf(seller));
    expect(batch.body[2]?.result).toBe('31337');
  });

  it('relays a transaction the wallet signed itself, as viem’s own wallet sends it', async () => {
    const key = generatePrivateKey();
    const sender = privateKeyToAccount(key);
    await node('anvil_setBalance', [sender.address, numberToHex(parseEther('1'))]);
    const wallet = createWalletClient({
      account: sender,
      chain: foundry,
      transport: custom({
        async request({ method, params }) {
          const { body } = await post(call(method, (params as unknown[] | undefined) ?? []));
          if (body.error) throw Object.assign(new Error(body.error.message), body.error);
          return body.result;
        },
      }),
    });
    const payee = privateKeyToAccount(generatePrivateKey()).address;
    const hash = await wallet.sendTransaction({ to: payee, value: parseEther('0.25') });
    await receiptOf(devnet().chain.client, hash);
    expect(await balanceOf(payee)).toBe(parseEther('0.25'));
  });

  it('answers a call as large as a full sweep’s calldata', async () => {
    const calldata = toHex(new Uint8Array(70 * 1024).fill(0xab));
    const { status, body } = await post(call('eth_call', [{ to: attacker, data: calldata }, 'latest']));
    expect({ status, result: body.result }).toEqual({ status: 200, result: '0x' });
  });

  it.each(NODE_ADMINISTRATION)('refuses %s, alone and inside a batch', async (method, params) => {
    const alone = await post(call(method, params, 5));
    expect(alone.status).toBe(200);
    expect(alone.body).toMatchObject({ jsonrpc: '2.0', id: 5, error: { code: METHOD_NOT_FOUND } });
    expect(alone.body.result).toBeUndefined();

    const batch = await post([call('eth_chainId', [], 1), call(method, params, 2)]);
    expect(batch.body).toHaveLength(2);
    expect(batch.body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
    expect(batch.body[1]).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: METHOD_NOT_FOUND } });
  });

  it('answers eth_getLogs over one block or a range of at most 1,000 blocks, and refuses a scan of the chain', async () => {
    const head = await node<{ hash: Hex; number: Hex }>('eth_getBlockByNumber', ['latest', false]);
    expect(Array.isArray((await getLogs({ blockHash: head.hash })).body.result)).toBe(true);
    expect(Array.isArray((await getLogs({ fromBlock: '0x0', toBlock: '0x3e7' })).body.result)).toBe(true);
    for (const scan of [
      { fromBlock: '0x0', toBlock: '0x3e8' },
      { fromBlock: '0x0', toBlock: 'latest' },
      { fromBlock: 'earliest', toBlock: head.number },
      { fromBlock: '0x10', toBlock: '0x1' },
      {},
    ]) {
      const { body } = await getLogs(scan);
      expect({ scan, error: body.error?.code, result: body.result }).toEqual({
        scan,
        error: -32602,
        result: undefined,
      });
    }
  });

  it('leaves a stranger no way to mint themselves ether', async () => {
    await post(call('anvil_setBalance', [attacker, numberToHex(parseEther('1000'))]));
    await post([call('hardhat_setBalance', [attacker, numberToHex(parseEther('1000'))])]);
    expect(await balanceOf(attacker)).toBe(0n);
  });

  it('moves no one’s NFT by impersonating its owner', async () => {
    const collection = devnet().manifest.collections.find((c) => c.standard === 'erc721')?.address as Address;
    const read = { address: collection, abi: erc721Abi, functionName: 'ownerOf', args: [1n] } as const;
    const owner = await devnet().chain.client.readContract(read);
    const transfer = {
      from: owner,
      to: collection,
      data: encodeFunctionData({ abi: erc721Abi, functionName: 'transferFrom', args: [owner, attacker, 1n] }),
    };
    await post([call('anvil_impersonateAccount', [owner], 1), call('eth_sendTransaction', [transfer], 2)]);
    await post(call('anvil_impersonateAccount', [owner]));
    await post(call('eth_sendTransaction', [transfer]));
    expect(await devnet().chain.client.readContract(read)).toBe(owner);
  });

  it('replaces no contract’s code', async () => {
    const seaport = devnet().manifest.seaport;
    const before = await node<Hex>('eth_getCode', [seaport, 'latest']);
    await post(call('anvil_setCode', [seaport, '0x00']));
    await post([call('anvil_setCode', [seaport, '0x00'])]);
    expect(await node<Hex>('eth_getCode', [seaport, 'latest'])).toBe(before);
  });

  it('rewinds no block', async () => {
    const snapshot = await node<Hex>('evm_snapshot');
    await node('anvil_mine', [2]);
    const head = await node<Hex>('eth_blockNumber');
    await post(call('evm_revert', [snapshot]));
    await post([call('evm_revert', [snapshot])]);
    expect(await node<Hex>('eth_blockNumber')).toBe(head);
  });

  it('signs nothing with the node’s unlocked accounts', async () => {
    const unlocked = devnetAccount(0).address;
    const answers = [
      (await post(call('eth_sign', [unlocked, '0xdeadbeef']))).body,
      ...(await post([call('eth_sign', [unlocked, '0xdeadbeef']), call('personal_sign', ['0xdeadbeef', unlocked])]))
        .body,
    ];
    for (const answer of answers) expect(answer.result).toBeUndefined();
  });

  it('refuses an empty batch, a batch over 20 calls, and calls that are not JSON-RPC 2.0, running none of them', async () => {
    expect((await post([])).body).toMatchObject({ id: null, error: { code: INVALID_REQUEST } });

    const tooMany = Array.from({ length: 21 }, (_, i) => call('anvil_setBalance', [attacker, '0x1'], i));
    const refusedBatch = await post(tooMany);
    expect(refusedBatch.body).toMatchObject({ id: null, error: { code: INVALID_REQUEST } });
    expect(await balanceOf(attacker)).toBe(0n);
    expect((await post(Array.from({ length: 20 }, (_, i) => call('eth_chainId', [], i)))).body).toHaveLength(20);

    for (const bad of [
      { id: 1, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 1 },
      { jsonrpc: '2.0', id: {}, method: 'eth_chainId' },
      'eth_chainId',
      7,
    ]) {
      const { status, body } = await post(JSON.stringify(bad));
      expect(status).toBe(200);
      expect(body).toMatchObject({ jsonrpc: '2.0', error: { code: INVALID_REQUEST } });
      expect(body.result).toBeUndefined();
    }
  });

  it('answers JSON-RPC errors to a body that is not JSON or too large', async () => {
    expect(await post('{"jsonrpc":')).toMatchObject({
      status: 400,
      body: { jsonrpc: '2.0', id: null, error: { code: -32700 } },
    });
    const huge = call('eth_call', [{ to: attacker, data: toHex(new Uint8Array(600 * 1024)) }, 'latest']);
    expect(await post(huge)).toMatchObject({
      status: 413,
      body: { jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST } },
    });
  });

  it('accepts application/json only, so a page elsewhere cannot post to it without a preflight', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'text/plain; charset=utf-8']) {
      const { status, body } = await post(call('eth_chainId'), { 'content-type': contentType });
      expect({ status, error: body.error?.code }).toEqual({ status: 415, error: INVALID_REQUEST });
    }
    expect((await post(call('eth_chainId'), { 'content-type': 'application/json; charset=utf-8' })).body.result).toBe(
      '0x7a69',
    );
  });

  it('answers only requests addressed to FloorDesk’s own origin or loopback on its port (no DNS rebinding)', async () => {
    for (const host of ['127.0.0.1:8080', 'localhost:8080', 'LOCALHOST:8080', '[::1]:8080']) {
      expect({ host, result: (await post(call('eth_chainId'), { host })).body.result }).toEqual({
        host,
        result: '0x7a69',
      });
    }
    for (const host of [
      'attacker.example:8080',
      'attacker.example',
      '127.0.0.1:9999',
      '127.0.0.1',
      'localhost:8080.attacker.example',
      'x@127.0.0.1:8080',
    ]) {
      const { status, body } = await post(call('eth_chainId'), { host });
      expect({ host, status, result: body.result }).toEqual({ host, status: 403, result: undefined });
    }
  });

  it('with PUBLIC_ORIGIN set, answers requests addressed to that host', async () => {
    const proxiedConfig = testConfig({ origin: new URL('https://floordesk.example') });
    const proxied = await buildServer({
      config: proxiedConfig,
      db: database().db,
      chain: devnet().chain,
      devnet: testDevnetOptions(proxiedConfig, devnet().rpcUrl),
    });
    try {
      const status = async (host: string) =>
        (
          await proxied.inject({
            method: 'POST',
            url: '/rpc',
            headers: { host, 'content-type': 'application/json' },
            payload: JSON.stringify(call('eth_chainId')),
          })
        ).statusCode;
      expect({
        public: await status('floordesk.example'),
        explicitPort: await status('floordesk.example:443'),
        loopback: await status('127.0.0.1:8080'),
        other: await status('floordesk.example.attacker.example'),
      }).toEqual({ public: 200, explicitPort: 200, loopback: 200, other: 403 });
    } finally {
      await proxied.close();
    }
  });
});

describe('POST /rpc: anvil_reset', () => {
  let bait: Server;
  let requests = 0;
  beforeAll(async () => {
    bait = createServer((_request, response) => {
      requests++;
      response.end('{}');
    });
    await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => bait.close(resolve)));

  it('never makes the node fetch a URL of the caller’s choosing', async () => {
    const url = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`;
    const head = await node<Hex>('eth_blockNumber');
    await post(call('anvil_reset', [{ forking: { jsonRpcUrl: url } }]));
    await post([call('anvil_reset', [{ forking: { jsonRpcUrl: url } }])]);
    expect(requests).toBe(0);
    expect(await node<Hex>('eth_blockNumber')).toBe(head);
  });
});
