import { afterEach, describe, expect, it } from 'vitest';
import { createConfig, http } from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { foundry } from 'wagmi/chains';
import { announce, fakeHost, fakeProvider } from '../../test/fake-wallet';
import { createWalletStore, restoreSettled, WAGMI_MARKS } from './wallet-store';

const first = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const second = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Two extensions, both of which already grant this site an account. */
function twoWallets() {
  const host = fakeHost();
  const alpha = fakeProvider([first]);
  const beta = fakeProvider([second], 1);
  announce(host, alpha, 'Alpha', 'com.alpha');
  announce(host, beta, 'Beta', 'com.beta');
  return { host, alpha, beta };
}

describe('wallet store', () => {
  it('lists the wallets that announce themselves, each once, by rdns', () => {
    const { host } = twoWallets();
    const store = createWalletStore(host, localStorage);
    host.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(store.getState().announced.map(({ id, name }) => [id, name])).toEqual([
      ['com.alpha', 'Alpha'],
      ['com.beta', 'Beta'],
    ]);
  });

  it('is connecting until the restore settles, then reports the account lowercased with its chain', async () => {
    const { host } = twoWallets();
    const store = createWalletStore(host, localStorage);
    expect(store.getState().status).toBe('connecting');
    await store.getState().restore();
    expect(store.getState()).toMatchObject({ status: 'connected', account: first.toLowerCase(), chainId: 31337 });
    expect(store.getState().wallet?.id).toBe('com.alpha');
  });

  it('is waited for until a slow wallet answers, not a fixed second, and at most the given limit', async () => {
    const { host, alpha } = twoWallets();
    const answer = alpha.request.bind(alpha);
    // A wallet on a busy machine answers after 1.5 s: taken for a missing one, its trader would be signed out.
    alpha.request = async (call) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return answer(call);
    };
    const store = createWalletStore(host, localStorage);
    const started = Date.now();
    void store.getState().restore();
    await restoreSettled(store, 10_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(store.getState()).toMatchObject({ status: 'connected', account: first.toLowerCase() });

    const silent = createWalletStore(fakeHost(), localStorage);
    await restoreSettled(silent, 50);
    expect(silent.getState().status).toBe('connecting');
  });

  it('restores the wallet connected last before others that also grant an account', async () => {
    const { host } = twoWallets();
    localStorage.setItem(WAGMI_MARKS.recent, JSON.stringify('com.beta'));
    const store = createWalletStore(host, localStorage);
    await store.getState().restore();
    expect(store.getState()).toMatchObject({ account: second.toLowerCase(), chainId: 1 });
  });

  it('passes over a wallet that was disconnected even though it still grants an account', async () => {
    const { host } = twoWallets();
    localStorage.setItem(WAGMI_MARKS.recent, JSON.stringify('com.alpha'));
    localStorage.setItem(WAGMI_MARKS.disconnected('com.alpha'), 'true');
    const store = createWalletStore(host, localStorage);
    await store.getState().restore();
    expect(store.getState().wallet?.id).toBe('com.beta');
  });

  it('is disconnected when no wallet grants this site an account', async () => {
    const host = fakeHost();
    announce(host, fakeProvider([]), 'Alpha', 'com.alpha');
    const store = createWalletStore(host, localStorage);
    await store.getState().restore();
    expect(store.getState()).toMatchObject({ status: 'disconnected', wallet: null, account: undefined });
  });

  it('restores window.ethereum only when it was connected through it', async () => {
    const host = fakeHost(fakeProvider([first]));
    const before = createWalletStore(host, localStorage);
    await before.getState().restore();
    expect(before.getState().status).toBe('disconnected');

    localStorage.setItem(WAGMI_MARKS.plainConnected, 'true');
    const after = createWalletStore(host, localStorage);
    await after.getState().restore();
    expect(after.getState()).toMatchObject({ status: 'connected', account: first.toLowerCase() });
    expect(after.getState().wallet?.id).toBe('injected');
  });

  it('asks again when a wallet fails its first requests on page load', async () => {
    const host = fakeHost();
    const slow = fakeProvider([first]);
    slow.failures = 2;
    announce(host, slow, 'Slow', 'com.slow');
    const store = createWalletStore(host, localStorage);
    await store.getState().restore();
    expect(store.getState().account).toBe(first.toLowerCase());
  });

  it('follows the connected wallet to another account and chain, and drops it when it revokes the last one', async () => {
    const { host, alpha } = twoWallets();
    const store = createWalletStore(host, localStorage);
    await store.getState().restore();

    alpha.emit('accountsChanged', [second]);
    alpha.emit('chainChanged', '0x1');
    expect(store.getState()).toMatchObject({ account: second.toLowerCase(), chainId: 1 });

    alpha.emit('accountsChanged', []);
    expect(store.getState()).toMatchObject({
      status: 'disconnected',
      wallet: null,
      account: undefined,
      chainId: undefined,
    });
  });

  it('ignores events of a wallet that is no longer the connected one', async () => {
    const { host, alpha, beta } = twoWallets();
    const store = createWalletStore(host, localStorage);
    await store.getState().restore();
    const betaWallet = store.getState().announced.find(({ id }) => id === 'com.beta')!;
    store.getState().connected(betaWallet, [second], 1);

    alpha.emit('accountsChanged', []);
    alpha.emit('chainChanged', '0x5');
    expect(store.getState()).toMatchObject({ status: 'connected', account: second.toLowerCase(), chainId: 1 });
    beta.emit('chainChanged', '0x7a69');
    expect(store.getState().chainId).toBe(31337);
  });

  it('takes a wallet the user connects from its own window while none is connected', async () => {
    const host = fakeHost();
    const alpha = fakeProvider([]);
    announce(host, alpha, 'Alpha', 'com.alpha');
    const store = createWalletStore(host, localStorage);
    await store.getState().restore();

    alpha.accounts = [first];
    alpha.emit('accountsChanged', [first]);
    await expect.poll(() => store.getState().status).toBe('connected');
    expect(store.getState().account).toBe(first.toLowerCase());
  });

  it('keeps a wallet connected by sign-in while the restore was still asking', async () => {
    const { host, alpha } = twoWallets();
    const store = createWalletStore(host, localStorage);
    const beta = store.getState().announced.find(({ id }) => id === 'com.beta')!;
    alpha.failures = 1;
    const restoring = store.getState().restore();
    store.getState().connected(beta, [second], 1);
    await restoring;
    expect(store.getState()).toMatchObject({ account: second.toLowerCase(), chainId: 1 });
    expect(store.getState().wallet?.id).toBe('com.beta');
  });

  it('ignores a disconnect the wallet reports as temporary (1013) while it still grants the account', async () => {
    const { host, alpha } = twoWallets();
    const store = createWalletStore(host, localStorage);
    await store.getState().restore();

    alpha.emit('disconnect', { code: 1013 });
    await Promise.resolve();
    expect(store.getState().status).toBe('connected');

    alpha.emit('disconnect', { code: 4900 });
    await expect.poll(() => store.getState().status).toBe('disconnected');
  });
});

describe('wallet store and wagmi', () => {
  const undo: (() => void)[] = [];
  afterEach(() => undo.splice(0).forEach((step) => step()));

  /** Two extensions on the page, both granting an account, and wagmi configured as the app configures it. */
  function page() {
    const alpha = fakeProvider([first]);
    const beta = fakeProvider([second]);
    undo.push(announce(window, alpha, 'Alpha', 'com.alpha'), announce(window, beta, 'Beta', 'com.beta'));
    const config = createConfig({
      chains: [foundry],
      multiInjectedProviderDiscovery: true,
      transports: { [foundry.id]: http() },
    });
    const connector = (id: string) => config.connectors.find((candidate) => candidate.id === id)!;
    return { config, connector, beta };
  }

  it('restores the wallet wagmi connected on the previous visit', async () => {
    const { config, connector } = page();
    await connect(config, { connector: connector('com.beta') });

    const store = createWalletStore(window, localStorage);
    await store.getState().restore();
    expect(store.getState().wallet?.id).toBe('com.beta');
  });

  it('does not restore a wallet wagmi disconnected, even one that ignored the revocation', async () => {
    const { config, connector, beta } = page();
    beta.ignoresRevoke = true;
    await connect(config, { connector: connector('com.beta') });
    await disconnect(config, { connector: connector('com.beta') });

    const store = createWalletStore(window, localStorage);
    await store.getState().restore();
    expect(store.getState().wallet?.id).toBe('com.alpha');
  });
});
