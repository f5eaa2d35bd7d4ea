import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { walletStore } from '../../lib/wallet/wallet-store';
import { ok, stubApi } from '../../test/render-in-app';
import { PEOPLE_ACCOUNTS } from './devnet-accounts';
import { restoreDevnetWallet } from './restore-devnet-wallet';
import { rememberDevnetWallet } from './remembered-wallet';
import { DEVNET_WALLET } from './wallet-info';

const second = PEOPLE_ACCOUNTS[1]!;
const announced = () => walletStore.getState().announced.some(({ id }) => id === DEVNET_WALLET.rdns);

function serverSays(devnetWallet: boolean) {
  stubApi(() => ok({ chain_id: 31337, chain_name: 'FloorDesk Devnet', devnet_wallet: devnetWallet, version: 'test' }));
}

describe('the devnet wallet after a reload', () => {
  afterEach(() => queryClient.clear());

  it('stays away where the server does not offer it, even when chosen here before', async () => {
    rememberDevnetWallet(localStorage, { ...second, connected: true });
    serverSays(false);
    await restoreDevnetWallet();
    expect(announced()).toBe(false);
  });

  it('loads nothing for a browser that never chose it', async () => {
    serverSays(true);
    await restoreDevnetWallet();
    expect(announced()).toBe(false);
  });

  it('is back, connected with the chosen account, before the wallet store restores the wallet connected last', async () => {
    rememberDevnetWallet(localStorage, { ...second, connected: true });
    serverSays(true);
    await restoreDevnetWallet();
    await walletStore.getState().restore();
    expect(walletStore.getState()).toMatchObject({
      status: 'connected',
      account: second.address.toLowerCase(),
      chainId: 31337,
    });
    expect(walletStore.getState().wallet?.id).toBe(DEVNET_WALLET.rdns);
  });
});
