import type { BrowserContext, Page } from '@playwright/test';
import { type Hex, numberToHex } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

/** Anvil's well-known development keys: public, funded on every devnet, worthless anywhere else. */
export const DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const satisfies readonly Hex[];

export const WALLET_NAME = 'FloorDesk Test Wallet';
const BINDING = '__floordeskWallet';
const EMIT = '__floordeskWalletEmit';

type RpcResult = { result: unknown } | { error: { code: number; message: string } };

/**
 * A browser wallet for the e2e journeys that speaks real EIP-1193 and announces itself over EIP-6963.
 * Keys stay on the Node side and sign for real (viem); the page only holds a thin provider that forwards
 * every request through a Playwright binding. All pages of a context share one wallet, as tabs share an
 * extension, so account switches reach every tab.
 */
export class TestWallet {
  readonly accounts: readonly PrivateKeyAccount[];
  private current = 0;
  private authorized = false;
  private rejectNextSignatures = false;

  constructor(
    private readonly context: BrowserContext,
    private chainId: number,
    keys: readonly Hex[] = DEV_KEYS,
  ) {
    this.accounts = keys.map((key) => privateKeyToAccount(key));
  }

  static async install(context: BrowserContext, chainId: number): Promise<TestWallet> {
    const wallet = new TestWallet(context, chainId);
    await context.exposeBinding(BINDING, (_source, method: string, params: unknown[]) =>
      wallet.handle(method, params),
    );
    await context.addInitScript(announceProvider, {
      binding: BINDING,
      emit: EMIT,
      info: {
        uuid: '9f1c2d9e-6f1e-4d2a-9a51-1f7e3c0b2a11',
        name: WALLET_NAME,
        rdns: 'app.floordesk.testwallet',
        icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='8' fill='%2322c55e'/></svg>",
      },
    });
    return wallet;
  }

  get address(): Hex {
    return this.account.address;
  }

  private get account(): PrivateKeyAccount {
    const account = this.accounts[this.current];
    if (!account) throw new Error(`no test account ${this.current}`);
    return account;
  }

  /** The user clicks "Reject" on every signature request until told otherwise. */
  rejectSignatures(reject: boolean): void {
    this.rejectNextSignatures = reject;
  }

  /** The user picks another account in the wallet: every tab hears `accountsChanged`. */
  async switchAccount(index: number): Promise<void> {
    this.current = index;
    await this.emit('accountsChanged', [this.address]);
  }

  private async emit(event: string, payload: unknown): Promise<void> {
    await Promise.all(
      this.context.pages().map((page: Page) =>
        page.evaluate((call) => {
          const emit = (window as unknown as Record<string, (e: string, p: unknown) => void>)[call.name];
          emit?.(call.event, call.payload);
        }, { name: EMIT, event, payload }),
      ),
    );
  }

  private async handle(method: string, params: unknown[]): Promise<RpcResult> {
    try {
      return { result: await this.request(method, params) };
    } catch (error) {
      if (error instanceof WalletError) return { error: { code: error.code, message: error.message } };
      throw error;
    }
  }

  private async request(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return numberToHex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'eth_accounts':
        return this.authorized ? [this.address] : [];
      case 'eth_requestAccounts':
        this.authorized = true;
        return [this.address];
      case 'wallet_requestPermissions':
      case 'wallet_getPermissions':
        if (method === 'wallet_requestPermissions') this.authorized = true;
        return this.authorized ? [{ parentCapability: 'eth_accounts' }] : [];
      case 'wallet_revokePermissions':
        this.authorized = false;
        return null;
      case 'wallet_switchEthereumChain': {
        const [{ chainId }] = params as [{ chainId: Hex }];
        this.chainId = Number(chainId);
        await this.emit('chainChanged', chainId);
        return null;
      }
      case 'personal_sign': {
        const [data, from] = params as [Hex, Hex];
        if (!this.authorized || from.toLowerCase() !== this.address.toLowerCase()) {
          throw new WalletError(4100, 'The requested account has not been authorized by the user.');
        }
        if (this.rejectNextSignatures) throw new WalletError(4001, 'User rejected the request.');
        return this.account.signMessage({ message: { raw: data } });
      }
      default:
        throw new WalletError(4200, `The test wallet does not support ${method}.`);
    }
  }

  /** Switches the chain from inside the wallet (the user picked another network). */
  async setChain(chainId: number): Promise<void> {
    this.chainId = chainId;
    await this.emit('chainChanged', numberToHex(chainId));
  }
}

class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type AnnounceArgs = {
  binding: string;
  emit: string;
  info: { uuid: string; name: string; rdns: string; icon: string };
};

/** Runs in the page before any app script: the EIP-1193 provider and its EIP-6963 announcement. */
function announceProvider({ binding, emit, info }: AnnounceArgs): void {
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();
  const forward = (window as unknown as Record<string, (m: string, p: unknown[]) => Promise<RpcResult>>)[binding]!;

  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      const reply = await forward(method, params ?? []);
      if ('error' in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
      return reply.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };

  Object.assign(window, {
    [emit]: (event: string, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload)),
    ethereum: provider,
  });
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    );
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
