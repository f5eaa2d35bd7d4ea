import { ADDRESS_HEADER, AUTH_HEADER, type LoginData } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { privateKeyToAccount } from 'viem/accounts';

/** Anvil's first two well-known development accounts. */
export const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
export const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

type Account = typeof alice;

export async function requestNotice(
  app: FastifyInstance,
  account: Account,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/notice',
    payload: { address: account.address },
    headers,
  });
  return response.json().data.notice;
}

/** The whole sign-in: notice, `personal_sign`, login. */
export async function signIn(app: FastifyInstance, account: Account): Promise<LoginData> {
  const message = await requestNotice(app, account);
  const signature = await account.signMessage({ message });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { address: account.address, message, signature },
  });
  return response.json().data;
}

export function sessionHeaders({ token, sign_num }: LoginData): Record<string, string> {
  return { [AUTH_HEADER]: `Bearer ${sign_num}`, [ADDRESS_HEADER]: token };
}
