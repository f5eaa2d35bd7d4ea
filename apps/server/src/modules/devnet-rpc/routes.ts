import type { FastifyInstance } from 'fastify';

/**
 * `POST /rpc`: the devnet's JSON-RPC on the app's own port, so a wallet can be pointed at one stable URL while anvil
 * listens on a free port of its own. Devnet only: on mainnet the wallet brings its own node.
 */
export function registerDevnetRpc(app: FastifyInstance, rpcUrl: string): void {
  app.post('/rpc', { schema: { hide: true } }, async (request, reply) => {
    const answer = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    }).catch(() => undefined);
    if (!answer) {
      return reply.code(502).send({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'devnet unreachable' } });
    }
    return reply.code(answer.status).header('content-type', 'application/json').send(await answer.text());
  });
}
