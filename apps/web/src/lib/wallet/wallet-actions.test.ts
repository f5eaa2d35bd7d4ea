import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announce, fakeProvider } from '../../test/fake-wallet';
import { walletStore } from './wallet-store';

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const provider = fakeProvider([]);
// Announced before wagmi loads, as an extension is: wagmi's discovery finds it the way the app's does.
const unannounce = announce(window, provider, 'Alpha', 'com.alpha');
const wallet = () => walletStore.getState().announced.find(({ id }) => id === 'com.alpha')!;

let actions: typeof import('./wallet-actions');
beforeAll(async () => {
  actions = await import('./wallet-actions');
});
afterAll(unannounce);

describe('wallet actions', () => {
  it('connects a wallet that asks for an account and makes it the connected one', async () => {
    provider.accounts = [account];
    await expect(actions.accountOf(wallet())).resolves.toBe(account);
    expect(walletStore.getState()).toMatchObject({ status: 'connected', account: account.toLowerCase(), chainId: 31337 });
  });

  it('uses the connected account without asking the wallet again', async () => {
    const ask = vi.spyOn(provider, 'request');
    await expect(actions.accountOf(wallet())).resolves.toBe(account);
    expect(ask).not.toHaveBeenCalled();
  });

  it('records a chain switch even when the wallet emits no chainChanged', async () => {
    provider.chainId = 1;
    provider.emit('chainChanged', '0x1');
    await actions.switchWalletChain(wallet(), 31337);
    expect(walletStore.getState().chainId).toBe(31337);
  });

  it('leaves the wallet alone when asked to switch to a chain FloorDesk does not know', async () => {
    const ask = vi.spyOn(provider, 'request');
    await actions.switchWalletChain(wallet(), 5);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks for access again by dropping the wallet and connecting it anew', async () => {
    const asked: string[] = [];
    const request = provider.request.bind(provider);
    vi.spyOn(provider, 'request').mockImplementation(async (args) => {
      asked.push(args.method);
      const answer = await request(args);
      // The wallet grants the account again once the user approves the new request.
      if (args.method === 'wallet_revokePermissions') provider.accounts = [account];
      return answer;
    });
    await actions.requestAccountAccess(wallet());
    expect(asked.slice(0, 2)).toEqual(['wallet_revokePermissions', 'wallet_requestPermissions']);
    expect(walletStore.getState()).toMatchObject({ status: 'connected', account: account.toLowerCase() });
  });
});
