import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announce, fakeProvider } from '../../test/fake-wallet';
import { walletErrorCode } from './errors';
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
    expect(walletStore.getState()).toMatchObject({
      status: 'connected',
      account: account.toLowerCase(),
      chainId: 31337,
    });
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

  describe('sending a transaction', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const tx = {
      chain_id: 31337,
      to: '0x0000000000000068f116a894984e2db1123eb395',
      data: '0xdeadbeef',
      value: '1500000000000000000',
      gas: '390000',
      max_fee_per_gas: '30000000000',
      max_priority_fee_per_gas: '5000000000',
    };

    /** What the wallet was asked to send, answering each request with `hash`. */
    function sentBy(answer: () => Promise<unknown> = async () => hash) {
      const sent: unknown[] = [];
      const request = provider.request.bind(provider);
      vi.spyOn(provider, 'request').mockImplementation(async (args) => {
        if (args.method !== 'eth_sendTransaction') return request(args);
        sent.push((args.params as unknown[])[0]);
        return answer();
      });
      return sent;
    }

    it("asks the wallet's own provider to send it, with the preset's fees, and answers the hash", async () => {
      provider.chainId = 31337;
      const sent = sentBy();
      await expect(actions.sendWalletTransaction(wallet(), account, tx)).resolves.toBe(hash);
      expect(sent).toEqual([
        expect.objectContaining({
          from: account,
          to: tx.to,
          data: tx.data,
          value: '0x14d1120d7b160000',
          gas: '0x5f370',
          maxFeePerGas: '0x6fc23ac00',
          maxPriorityFeePerGas: '0x12a05f200',
        }),
      ]);
    });

    it('leaves the fees to the wallet when the preset does', async () => {
      const sent = sentBy();
      await actions.sendWalletTransaction(wallet(), account, {
        ...tx,
        max_fee_per_gas: null,
        max_priority_fee_per_gas: null,
      });
      expect(sent[0]).not.toHaveProperty('maxFeePerGas');
      expect(sent[0]).not.toHaveProperty('maxPriorityFeePerGas');
    });

    it('leaves the gas limit and the fees to the wallet when the transaction names none (a subscription)', async () => {
      const sent = sentBy();
      await actions.sendWalletTransaction(wallet(), account, {
        chain_id: tx.chain_id,
        to: tx.to,
        data: tx.data,
        value: tx.value,
      });
      expect(sent[0]).toMatchObject({ to: tx.to, data: tx.data, value: '0x14d1120d7b160000' });
      expect(sent[0]).not.toHaveProperty('gas');
      expect(sent[0]).not.toHaveProperty('maxFeePerGas');
      expect(sent[0]).not.toHaveProperty('maxPriorityFeePerGas');
    });

    it('passes on the wallet refusing, with its code', async () => {
      sentBy(() => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })));
      const failure = await actions.sendWalletTransaction(wallet(), account, tx).catch((error: unknown) => error);
      expect(walletErrorCode(failure)).toBe(4001);
    });

    it('refuses to send from another chain than the one the transaction is for', async () => {
      provider.chainId = 1;
      const sent = sentBy();
      await expect(actions.sendWalletTransaction(wallet(), account, tx)).rejects.toThrow(
        /does not match the target chain/,
      );
      expect(sent).toEqual([]);
      provider.chainId = 31337;
    });
  });
});
