import { ProviderCode, ProviderRpcError } from './provider-error';

/** One JSON-RPC call to the devnet node; a node's error rejects with its own code, message and data. */
export type Rpc = (method: string, params: readonly unknown[]) => Promise<unknown>;

type RpcAnswer = { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };

/** JSON-RPC over HTTP to `url`: the app's own /rpc, the wallet's door to the devnet. */
export function httpRpc(url: string): Rpc {
  let id = 0;
  return async (method, params) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    }).catch(() => {
      throw new ProviderRpcError(ProviderCode.Internal, 'The devnet node is unreachable.');
    });
    const answer = (await response.json().catch(() => null)) as RpcAnswer | null;
    if (answer === null || typeof answer !== 'object') {
      throw new ProviderRpcError(ProviderCode.Internal, `The devnet node answered HTTP ${response.status}.`);
    }
    if (answer.error) {
      const { code, message, data } = answer.error;
      throw new ProviderRpcError(
        typeof code === 'number' ? code : ProviderCode.Internal,
        typeof message === 'string' ? message : `${method} failed`,
        data,
      );
    }
    return answer.result;
  };
}
