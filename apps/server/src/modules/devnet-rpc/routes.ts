import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';

/**
 * What a wallet asks its node for: reads, and broadcasting a transaction it signed itself. Node administration
 * (anvil_*, evm_*, hardhat_*, debug_*, txpool_*), signing with the node's unlocked accounts (eth_sign*,
 * eth_sendTransaction, personal_*), eth_accounts and filters (state kept on the node) are not served: FloorDesk's own
 * devnet tooling talks to anvil directly. eth_getLogs is served over a bounded range only (boundedLogQuery).
 */
const WALLET_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId',
  'net_version',
  'web3_clientVersion',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_fillTransaction',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getLogs',
  'eth_sendRawTransaction',
]);
/** A dapp's log query through its wallet covers a few blocks; a scan of the whole chain is not a wallet's call. */
const MAX_LOG_BLOCKS = 1000n;
const MAX_BATCH = 20;
/** A signed sweep of 35 listings from as many sellers is about 140 kB of hex (68.7 kB of calldata): room for more. */
const BODY_LIMIT_BYTES = 512 * 1024;
/** Loopback names for this server's own port: a wallet on this machine may use any of them. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

const Id = z.union([z.string(), z.number(), z.null()]);
const Call = z.object({
  jsonrpc: z.literal('2.0'),
  id: Id,
  method: z.string(),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});
type Call = z.infer<typeof Call>;
type Id = z.infer<typeof Id>;
type Answer = { jsonrpc: '2.0'; id: Id } & (
  { result: unknown } | { error: { code: number; message: string; data?: unknown } }
);

const failure = (id: Id, code: number, message: string): Answer => ({ jsonrpc: '2.0', id, error: { code, message } });

/**
 * `POST /rpc`: the devnet's JSON-RPC on the app's own port, so a wallet can be pointed at one stable URL while anvil
 * listens on a free port of its own. It serves a wallet's calls only (WALLET_METHODS), in batches of at most
 * MAX_BATCH, as `application/json` (so a page elsewhere cannot post without a CORS preflight, which it never gets),
 * and only to requests addressed to FloorDesk's own origin or to loopback on its port (so a page cannot reach it
 * by DNS rebinding). Devnet only: on mainnet the wallet brings its own node.
 */
export function registerDevnetRpc(
  app: FastifyInstance,
  { nodeUrl, config }: { nodeUrl: string; config: Config },
): void {
  const { origin } = config;
  const defaultPort = origin.protocol === 'https:' ? '443' : '80';
  const hosts = new Set(
    [origin.host, ...LOOPBACK_NAMES.map((name) => `${name}:${config.port}`)].map((host) => hostKey(host, defaultPort)),
  );

  app.post(
    '/rpc',
    {
      schema: { hide: true },
      bodyLimit: BODY_LIMIT_BYTES,
      onRequest: async (request, reply) => {
        if (!hosts.has(hostKey(request.headers.host, defaultPort))) {
          return reply
            .code(403)
            .send(failure(null, INVALID_REQUEST, 'This node answers requests to FloorDesk’s own origin only'));
        }
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/json') {
          return reply.code(415).send(failure(null, INVALID_REQUEST, 'Content-Type must be application/json'));
        }
      },
      errorHandler: (error: FastifyError, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return reply.code(413).send(failure(null, INVALID_REQUEST, `Request body over ${BODY_LIMIT_BYTES} bytes`));
        }
        if ((error.statusCode ?? 500) < 500) return reply.code(400).send(failure(null, PARSE_ERROR, 'Parse error'));
        throw error;
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (!Array.isArray(body)) return answer(nodeUrl, body);
      if (body.length === 0 || body.length > MAX_BATCH) {
        return failure(null, INVALID_REQUEST, `A batch holds 1 to ${MAX_BATCH} calls`);
      }
      return Promise.all(body.map((call: unknown) => answer(nodeUrl, call)));
    },
  );
}

/** A Host header in one spelling: lowercased, without the scheme's default port; undefined when it is not a host. */
function hostKey(host: string | undefined, defaultPort: string): string | undefined {
  if (host === undefined || !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(host)) return undefined;
  const lower = host.toLowerCase();
  return lower.endsWith(`:${defaultPort}`) ? lower.slice(0, -defaultPort.length - 1) : lower;
}

async function answer(nodeUrl: string, raw: unknown): Promise<Answer> {
  const parsed = Call.safeParse(raw);
  if (!parsed.success) return failure(idOf(raw), INVALID_REQUEST, 'Invalid request');
  const call = parsed.data;
  if (!WALLET_METHODS.has(call.method)) {
    return failure(
      call.id,
      METHOD_NOT_FOUND,
      'Method not found: /rpc serves a wallet’s reads and eth_sendRawTransaction',
    );
  }
  if (call.method === 'eth_getLogs' && !boundedLogQuery(call.params)) {
    return failure(
      call.id,
      INVALID_PARAMS,
      `eth_getLogs takes a blockHash, or a fromBlock and toBlock in hex at most ${MAX_LOG_BLOCKS} blocks apart`,
    );
  }
  return forward(nodeUrl, call);
}

function boundedLogQuery(params: Call['params']): boolean {
  const filter: unknown = Array.isArray(params) ? params[0] : undefined;
  if (typeof filter !== 'object' || filter === null) return false;
  if ('blockHash' in filter) return true;
  const quantity = /^0x[0-9a-f]{1,16}$/i;
  const { fromBlock, toBlock } = filter as { fromBlock?: unknown; toBlock?: unknown };
  if (typeof fromBlock !== 'string' || typeof toBlock !== 'string') return false;
  if (!quantity.test(fromBlock) || !quantity.test(toBlock)) return false;
  const span = BigInt(toBlock) - BigInt(fromBlock);
  return span >= 0n && span < MAX_LOG_BLOCKS;
}

async function forward(nodeUrl: string, { id, method, params = [] }: Call): Promise<Answer> {
  try {
    const response = await fetch(nodeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    const reply = (await response.json()) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    return reply.error ? { jsonrpc: '2.0', id, error: reply.error } : { jsonrpc: '2.0', id, result: reply.result };
  } catch {
    return failure(id, INTERNAL_ERROR, 'devnet unreachable');
  }
}

function idOf(raw: unknown): Id {
  const id = typeof raw === 'object' && raw !== null && 'id' in raw ? raw.id : null;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
