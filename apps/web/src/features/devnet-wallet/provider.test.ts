import { describe, expect, it, vi } from 'vitest';
import {
  type Hex,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  stringToHex,
  verifyMessage,
  verifyTypedData,
} from 'viem';
import { PEOPLE_ACCOUNTS } from './devnet-accounts';
import { type ConfirmRequest, createDevnetProvider } from './provider';
import type { Rpc } from './rpc';
import type { DevnetWalletState } from './remembered-wallet';

const CHAIN_ID = 31337;
const { privateKey: firstKey, address: first } = PEOPLE_ACCOUNTS[0]!;
const { privateKey: secondKey, address: second } = PEOPLE_ACCOUNTS[1]!;
const seaport = '0x0000000000000068F116a894984e2DB1123eB395';

/** What /rpc lets a wallet do: reads and eth_sendRawTransaction, nothing that needs the node's own keys. */
const WALLET_DOOR = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getTransactionCount',
  'eth_maxPriorityFeePerGas',
  'eth_sendRawTransaction',
]);

/** A stand-in for the devnet behind /rpc: fixed chain state, every call recorded in order. */
function fakeNode() {
  const calls: { method: string; params: readonly unknown[] }[] = [];
  const rpc: Rpc = async (method, params) => {
    calls.push({ method, params });
    switch (method) {
      case 'eth_maxPriorityFeePerGas':
        return numberToHex(1_000_000_000n);
      case 'eth_getBlockByNumber':
        return { number: '0x10', baseFeePerGas: numberToHex(7_000_000_000n) };
      case 'eth_estimateGas':
        return numberToHex(21_000n);
      case 'eth_getTransactionCount':
        return '0x7';
      case 'eth_getBalance':
        return numberToHex(10n ** 22n);
      case 'eth_sendRawTransaction':
        return `0x${'ab'.repeat(32)}`;
      default:
        throw new Error(`the node stand-in does not serve ${method}`);
    }
  };
  return { rpc, calls, methods: () => calls.map(({ method }) => method) };
}

/** A node whose every call reverts, with revert data. */
const revertingNode: Rpc = async () => {
  throw Object.assign(new Error('execution reverted'), { code: 3, data: '0x1a2b3c4d' });
};

function setup({
  state = { privateKey: firstKey, address: first, connected: true } as DevnetWalletState,
  confirms = true,
} = {}) {
  const node = fakeNode();
  const asked: ConfirmRequest[] = [];
  const saved: DevnetWalletState[] = [];
  const confirm = vi.fn<(request: ConfirmRequest) => Promise<boolean>>(async (request) => {
    asked.push(request);
    return confirms;
  });
  const provider = createDevnetProvider({
    chainId: CHAIN_ID,
    rpc: node.rpc,
    confirm,
    state,
    onStateChange: (next) => saved.push(next),
  });
  const accountsChanged: unknown[] = [];
  provider.on?.('accountsChanged', ((accounts: unknown) => accountsChanged.push(accounts)) as (payload: never) => void);
  return { provider, node, asked, saved, confirm, accountsChanged };
}

async function refusal(promise: Promise<unknown>): Promise<{ code?: number; message?: string }> {
  return promise.then(
    () => {
      throw new Error('expected the wallet to refuse');
    },
    (error: { code?: number; message?: string }) => error,
  );
}

describe('devnet wallet provider', () => {
  describe('accounts and chain', () => {
    it('is on the devnet chain and shows no account to a site it is not connected to', async () => {
      const { provider } = setup({ state: { privateKey: firstKey, address: first, connected: false } });
      await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69');
      await expect(provider.request({ method: 'net_version' })).resolves.toBe('31337');
      await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([]);
      await expect(provider.request({ method: 'wallet_getPermissions' })).resolves.toEqual([]);
    });

    it('asks the user before connecting, then grants the account, tells the site and remembers it', async () => {
      const { provider, asked, saved, accountsChanged } = setup({
        state: { privateKey: firstKey, address: first, connected: false },
      });
      await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([first]);
      expect(asked).toEqual([{ kind: 'connect', account: first }]);
      expect(accountsChanged).toEqual([[first]]);
      expect(saved).toEqual([{ privateKey: firstKey, address: first, connected: true }]);
      await expect(
        provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] }),
      ).resolves.toEqual([expect.objectContaining({ parentCapability: 'eth_accounts' })]);
      expect(asked).toHaveLength(1);
    });

    it('answers 4001 when the user rejects the connection, and grants nothing', async () => {
      const { provider, saved } = setup({
        state: { privateKey: firstKey, address: first, connected: false },
        confirms: false,
      });
      expect(
        await refusal(provider.request({ method: 'wallet_requestPermissions', params: [{ eth_accounts: {} }] })),
      ).toMatchObject({
        code: 4001,
      });
      await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([]);
      expect(saved).toEqual([]);
    });

    it('switches to another chosen account and tells the site with accountsChanged', async () => {
      const { provider, saved, accountsChanged } = setup();
      provider.choose({ privateKey: secondKey, address: second });
      await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([second]);
      expect(accountsChanged).toEqual([[second]]);
      expect(saved.at(-1)).toEqual({ privateKey: secondKey, address: second, connected: true });
    });

    it('disconnects when the site revokes its permission', async () => {
      const { provider, saved, accountsChanged } = setup();
      await expect(
        provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
      ).resolves.toBeNull();
      await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([]);
      expect(accountsChanged).toEqual([[]]);
      expect(saved).toEqual([{ privateKey: firstKey, address: first, connected: false }]);
    });

    it('switches only to the devnet: any other chain is refused with 4902 and nothing changes', async () => {
      const { provider } = setup();
      await expect(
        provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }),
      ).resolves.toBeNull();
      expect(
        await refusal(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] })),
      ).toMatchObject({
        code: 4902,
      });
      await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x7a69');
    });
  });

  describe('signing', () => {
    const notice = 'localhost wants you to sign in with your Ethereum account:\n0xf39F…\n\nNonce: abc';

    it('signs a message only after the user saw it and confirmed', async () => {
      const { provider, asked } = setup();
      const message = stringToHex(notice);
      const signature = (await provider.request({ method: 'personal_sign', params: [message, first] })) as Hex;
      expect(asked).toEqual([{ kind: 'message', account: first, message }]);
      await expect(verifyMessage({ address: first, message: notice, signature })).resolves.toBe(true);
    });

    it('answers 4001 when the user rejects a signature', async () => {
      const { provider } = setup({ confirms: false });
      expect(
        await refusal(provider.request({ method: 'personal_sign', params: [stringToHex(notice), first] })),
      ).toMatchObject({
        code: 4001,
      });
    });

    it('refuses with 4100 to sign for an account it has not granted, without asking the user', async () => {
      const { provider, confirm } = setup();
      expect(
        await refusal(provider.request({ method: 'personal_sign', params: [stringToHex(notice), second] })),
      ).toMatchObject({
        code: 4100,
      });
      const disconnected = setup({ state: { privateKey: firstKey, address: first, connected: false } });
      expect(
        await refusal(disconnected.provider.request({ method: 'personal_sign', params: [stringToHex(notice), first] })),
      ).toMatchObject({ code: 4100 });
      expect(confirm).not.toHaveBeenCalled();
      expect(disconnected.confirm).not.toHaveBeenCalled();
    });

    const order = {
      domain: { name: 'Seaport', version: '1.6', chainId: CHAIN_ID, verifyingContract: seaport },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Order: [
          { name: 'offerer', type: 'address' },
          { name: 'price', type: 'uint256' },
        ],
      },
      primaryType: 'Order',
      message: { offerer: first, price: '1500000000000000000' },
    } as const;

    it('signs typed data as a dapp sends it (JSON, EIP712Domain among the types) once confirmed', async () => {
      const { provider, asked } = setup();
      const signature = (await provider.request({
        method: 'eth_signTypedData_v4',
        params: [first, JSON.stringify(order)],
      })) as Hex;
      expect(asked).toEqual([{ kind: 'typed-data', account: first, typedData: JSON.parse(JSON.stringify(order)) }]);
      const { EIP712Domain: _domain, ...types } = order.types;
      await expect(
        verifyTypedData({
          address: first,
          domain: order.domain,
          types,
          primaryType: 'Order',
          message: { offerer: first, price: 15n * 10n ** 17n },
          signature,
        }),
      ).resolves.toBe(true);
    });

    it('refuses typed data for another chain with 4901, before asking the user', async () => {
      const { provider, confirm } = setup();
      const mainnetOrder = { ...order, domain: { ...order.domain, chainId: 1 } };
      expect(
        await refusal(
          provider.request({ method: 'eth_signTypedData_v4', params: [first, JSON.stringify(mainnetOrder)] }),
        ),
      ).toMatchObject({ code: 4901 });
      expect(confirm).not.toHaveBeenCalled();
    });

    it('answers 4001 when the user rejects typed data', async () => {
      const { provider } = setup({ confirms: false });
      expect(
        await refusal(provider.request({ method: 'eth_signTypedData_v4', params: [first, JSON.stringify(order)] })),
      ).toMatchObject({
        code: 4001,
      });
    });
  });

  describe('sending', () => {
    const sweep = { from: first, to: seaport, value: numberToHex(15n * 10n ** 17n), data: '0xdeadbeef' as Hex };

    it('fills gas and fees from reads, shows them, reads the nonce once confirmed and broadcasts the signed transaction', async () => {
      const { provider, node, asked } = setup();
      const hash = await provider.request({ method: 'eth_sendTransaction', params: [sweep] });
      expect(hash).toBe(`0x${'ab'.repeat(32)}`);
      expect(asked).toEqual([
        {
          kind: 'transaction',
          account: first,
          transaction: {
            to: seaport,
            value: 15n * 10n ** 17n,
            data: '0xdeadbeef',
            gas: 21_000n,
            // Twice the base fee plus the priority fee.
            fees: { maxFeePerGas: 15_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n },
          },
        },
      ]);
      const methods = node.methods();
      expect(methods.indexOf('eth_getTransactionCount')).toBeGreaterThan(methods.indexOf('eth_estimateGas'));
      expect(methods.at(-1)).toBe('eth_sendRawTransaction');
      expect(methods.filter((method) => !WALLET_DOOR.has(method))).toEqual([]);

      const raw = node.calls.at(-1)!.params[0] as Hex;
      await expect(recoverTransactionAddress({ serializedTransaction: raw as never })).resolves.toBe(first);
      expect(parseTransaction(raw)).toMatchObject({
        type: 'eip1559',
        chainId: CHAIN_ID,
        nonce: 7,
        to: seaport.toLowerCase(),
        value: 15n * 10n ** 17n,
        data: '0xdeadbeef',
        gas: 21_000n,
        maxFeePerGas: 15_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      });
    });

    it('keeps the gas and fees the dapp chose and reads none of them', async () => {
      const { provider, node } = setup();
      await provider.request({
        method: 'eth_sendTransaction',
        params: [
          {
            ...sweep,
            gas: numberToHex(390_000n),
            maxFeePerGas: numberToHex(30n * 10n ** 9n),
            maxPriorityFeePerGas: numberToHex(5n * 10n ** 9n),
          },
        ],
      });
      expect(node.methods()).toEqual(['eth_getTransactionCount', 'eth_sendRawTransaction']);
      expect(parseTransaction(node.calls.at(-1)!.params[0] as Hex)).toMatchObject({
        gas: 390_000n,
        maxFeePerGas: 30n * 10n ** 9n,
        maxPriorityFeePerGas: 5n * 10n ** 9n,
      });
    });

    it('answers 4001 when the user rejects the transaction, and sends nothing', async () => {
      const { provider, node } = setup({ confirms: false });
      expect(await refusal(provider.request({ method: 'eth_sendTransaction', params: [sweep] }))).toMatchObject({
        code: 4001,
      });
      expect(node.methods()).not.toContain('eth_sendRawTransaction');
      expect(node.methods()).not.toContain('eth_getTransactionCount');
    });

    it('refuses a transaction for another chain with 4901', async () => {
      const { provider, confirm } = setup();
      expect(
        await refusal(provider.request({ method: 'eth_sendTransaction', params: [{ ...sweep, chainId: '0x1' }] })),
      ).toMatchObject({
        code: 4901,
      });
      expect(confirm).not.toHaveBeenCalled();
    });

    it('passes on the node refusing to estimate, with its code and data', async () => {
      const confirm = vi.fn<(request: ConfirmRequest) => Promise<boolean>>(async () => true);
      const strict = createDevnetProvider({
        chainId: CHAIN_ID,
        rpc: revertingNode,
        confirm,
        state: { privateKey: firstKey, address: first, connected: true },
        onStateChange: () => undefined,
      });
      expect(await refusal(strict.request({ method: 'eth_sendTransaction', params: [sweep] }))).toMatchObject({
        code: 3,
        data: '0x1a2b3c4d',
      });
      expect(confirm).not.toHaveBeenCalled();
    });
  });

  describe('the node', () => {
    it('passes reads to the node as they are', async () => {
      const { provider, node } = setup();
      await expect(provider.request({ method: 'eth_getBalance', params: [first, 'latest'] })).resolves.toBe(
        numberToHex(10n ** 22n),
      );
      expect(node.calls).toEqual([{ method: 'eth_getBalance', params: [first, 'latest'] }]);
    });

    it.each([
      'eth_sign',
      'eth_signTransaction',
      'eth_sendRawTransaction',
      'anvil_setBalance',
      'evm_revert',
      'wallet_addEthereumChain',
    ])('refuses %s with 4200 and never forwards it', async (method) => {
      const { provider, node } = setup();
      expect(await refusal(provider.request({ method, params: [] }))).toMatchObject({ code: 4200 });
      expect(node.calls).toEqual([]);
    });
  });
});
