import type { BrowserContext, Page } from '@playwright/test';
import { type Address, BaseError, type Hex, hexToBigInt, hexToNumber, numberToHex, RpcRequestError } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { JsonRpcError, rpc } from '@floordesk/devnet';
import { type DevnetClients, devnetClients, ownerOf } from './devnet-chain';
import type { SignedTypedData, TypedDataAsk } from './typed-data';

/** Anvil's well-known development keys: public, funded on every devnet, worthless anywhere else. */
export const DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const satisfies readonly Hex[];

export const WALLET_NAME = 'FloorDesk Test Wallet';
const BINDING = '__floordeskWallet';
const EMIT = '__floordeskWalletEmit';

type RpcResult = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** What a dapp or wagmi reads through the wallet; the wallet passes these to its node untouched. */
const NODE_READS: ReadonlySet<string> = new Set([
  'eth_call',
  'eth_estimateGas',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBlockByNumber',
  'eth_getTransactionCount',
  'eth_getCode',
]);

/** `eth_sendTransaction`'s request as the dapp sent it, its quantities decoded. */
export type TransactionAsk = {
  from: Address;
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  nonce?: number;
};

/** Runs while the wallet's confirmation is open: after the dapp asked, before the wallet broadcasts. */
export type BeforeSend = (ask: TransactionAsk) => Promise<void> | void;

export type TestWalletOptions = {
  /** The accounts' keys, the first one selected; anvil's dev keys 0 and 1 by default. */
  keys?: readonly Hex[];
  /** The node the wallet reads from and broadcasts to (the app's `/rpc` on the devnet); without one it only signs. */
  rpcUrl?: string;
};

/**
 * A browser wallet for the e2e journeys that speaks real EIP-1193 and announces itself over EIP-6963.
 * Keys stay on the Node side and sign for real (viem); the page only holds a thin provider that forwards
 * every request through a Playwright binding. All pages of a context share one wallet, as tabs share an
 * extension, so account switches reach every tab. Transactions are signed here and broadcast to the wallet's
 * node; reads a dapp makes through the wallet go to the same node.
 */
export class TestWallet {
  readonly accounts: readonly PrivateKeyAccount[];
  private current = 0;
  private authorized = false;
  private rejectNextSignatures = false;
  private rejectNextTransactions = false;
  private pendingBeforeSend: BeforeSend | undefined;
  private readonly sent: Hex[] = [];
  private readonly typedDataSigned: SignedTypedData[] = [];
  private readonly node: { rpcUrl: string; clients: DevnetClients } | undefined;

  constructor(
    private readonly context: BrowserContext,
    private chainId: number,
    options: TestWalletOptions = {},
  ) {
    this.accounts = (options.keys ?? DEV_KEYS).map((key) => privateKeyToAccount(key));
    this.node =
      options.rpcUrl === undefined ? undefined : { rpcUrl: options.rpcUrl, clients: devnetClients(options.rpcUrl) };
  }

  static async install(context: BrowserContext, chainId: number, options: TestWalletOptions = {}): Promise<TestWallet> {
    const wallet = new TestWallet(context, chainId, options);
    await context.exposeBinding(BINDING, (_source, method: string, params: unknown[]) => wallet.handle(method, params));
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

  /** The user clicks "Reject" on every transaction request until told otherwise. */
  rejectTransactions(reject: boolean): void {
    this.rejectNextTransactions = reject;
  }

  /**
   * Runs `hook` on the next transaction the user confirms, after the dapp asked and before the wallet broadcasts:
   * a rival can act in between. Used once, then cleared.
   */
  beforeSend(hook: BeforeSend): void {
    this.pendingBeforeSend = hook;
  }

  /** Every EIP-712 payload the user signed, oldest first (what the wallet showed them), with its signature. */
  get typedData(): readonly SignedTypedData[] {
    return [...this.typedDataSigned];
  }

  /** Hashes of the transactions this wallet broadcast, oldest first. */
  get transactions(): readonly Hex[] {
    return [...this.sent];
  }

  /** Who holds an ERC-721 token now, read from the wallet's node; `null` for a token never minted. */
  ownerOf(collection: Address, tokenId: bigint): Promise<Address | null> {
    return ownerOf(this.connectedNode().clients.chain, collection, tokenId);
  }

  /** The user picks another account in the wallet: every tab hears `accountsChanged`. */
  async switchAccount(index: number): Promise<void> {
    this.current = index;
    await this.emit('accountsChanged', [this.address]);
  }

  private async emit(event: string, payload: unknown): Promise<void> {
    await Promise.all(
      this.context.pages().map((page: Page) =>
        page.evaluate(
          (call) => {
            const emit = (window as unknown as Record<string, (e: string, p: unknown) => void>)[call.name];
            emit?.(call.event, call.payload);
          },
          { name: EMIT, event, payload },
        ),
      ),
    );
  }

  private async handle(method: string, params: unknown[]): Promise<RpcResult> {
    try {
      return { result: await this.request(method, params) };
    } catch (error) {
      if (error instanceof WalletError) {
        return {
          error: { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) },
        };
      }
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
        this.assertAuthorized(from);
        if (this.rejectNextSignatures) throw new WalletError(4001, 'User rejected the request.');
        return this.account.signMessage({ message: { raw: data } });
      }
      case 'eth_signTypedData_v4': {
        const [from, json] = params as [Hex, string];
        this.assertAuthorized(from);
        if (this.rejectNextSignatures) throw new WalletError(4001, 'User rejected the request.');
        const ask = JSON.parse(json) as TypedDataAsk;
        // The domain type is implied by the domain: viem derives it and refuses it among the types.
        const { EIP712Domain: _domain, ...types } = ask.types;
        const signature = await this.account.signTypedData({ ...ask, types } as Parameters<
          PrivateKeyAccount['signTypedData']
        >[0]);
        this.typedDataSigned.push({ ask, signature });
        return signature;
      }
      case 'eth_sendTransaction':
        return this.sendTransaction(parseAsk((params as [TransactionAskRpc])[0]));
      default:
        if (NODE_READS.has(method)) return this.forward(method, params);
        throw new WalletError(4200, `The test wallet does not support ${method}.`);
    }
  }

  private assertAuthorized(from: string): void {
    if (!this.authorized || from.toLowerCase() !== this.address.toLowerCase()) {
      throw new WalletError(4100, 'The requested account has not been authorized by the user.');
    }
  }

  private connectedNode(): NonNullable<TestWallet['node']> {
    if (!this.node) throw new WalletError(4900, 'The test wallet was installed without a node (rpcUrl).');
    return this.node;
  }

  /** Signs with the selected account and broadcasts; fee, gas and nonce the dapp left out are filled by viem. */
  private async sendTransaction(ask: TransactionAsk): Promise<Hex> {
    this.assertAuthorized(ask.from);
    if (this.rejectNextTransactions) throw new WalletError(4001, 'User rejected the request.');
    const { clients } = this.connectedNode();
    const hook = this.pendingBeforeSend;
    this.pendingBeforeSend = undefined;
    await hook?.(ask);
    const fees =
      ask.gasPrice !== undefined
        ? { gasPrice: ask.gasPrice }
        : { maxFeePerGas: ask.maxFeePerGas, maxPriorityFeePerGas: ask.maxPriorityFeePerGas };
    try {
      const hash = await clients.wallet(this.account, this.chainId).sendTransaction({
        to: ask.to ?? null,
        data: ask.data,
        value: ask.value,
        gas: ask.gas,
        nonce: ask.nonce,
        ...fees,
      });
      this.sent.push(hash);
      return hash;
    } catch (error) {
      throw WalletError.fromNode(error);
    }
  }

  /** A read passed to the node as it came, its answer or error (revert data included) returned as they are. */
  private async forward(method: string, params: unknown[]): Promise<unknown> {
    try {
      return await rpc(this.connectedNode().rpcUrl, method, params);
    } catch (error) {
      if (error instanceof JsonRpcError) throw new WalletError(error.code, error.reason, error.data);
      throw error;
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
    readonly data?: unknown,
  ) {
    super(message);
  }

  /** A node's refusal (a revert in the estimate, too little ETH) as the wallet reports it: the node's code. */
  static fromNode(error: unknown): WalletError {
    if (!(error instanceof BaseError)) throw error;
    const refusal = error.walk((cause) => cause instanceof RpcRequestError);
    return refusal instanceof RpcRequestError
      ? new WalletError(refusal.code, error.shortMessage, refusal.data)
      : new WalletError(-32603, error.shortMessage);
  }
}

type TransactionAskRpc = { from: Address; to?: Address | null; data?: Hex; input?: Hex } & Partial<
  Record<'value' | 'gas' | 'gasPrice' | 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'nonce', Hex>
>;

function quantity(value: Hex | undefined): bigint | undefined {
  return value === undefined ? undefined : hexToBigInt(value);
}

function parseAsk(ask: TransactionAskRpc): TransactionAsk {
  return {
    from: ask.from,
    ...(ask.to && { to: ask.to }),
    // Wallets take either name for the calldata.
    ...((ask.data ?? ask.input) !== undefined && { data: ask.data ?? ask.input }),
    value: quantity(ask.value),
    gas: quantity(ask.gas),
    gasPrice: quantity(ask.gasPrice),
    maxFeePerGas: quantity(ask.maxFeePerGas),
    maxPriorityFeePerGas: quantity(ask.maxPriorityFeePerGas),
    nonce: ask.nonce === undefined ? undefined : hexToNumber(ask.nonce),
  };
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
      if ('error' in reply) throw Object.assign(new Error(reply.error.message), reply.error);
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
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
