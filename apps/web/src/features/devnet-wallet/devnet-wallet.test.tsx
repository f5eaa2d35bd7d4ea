import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { verifyMessage } from 'viem';
import { walletErrorCode } from '../../lib/wallet/errors';
import { walletStore } from '../../lib/wallet/wallet-store';
import { PEOPLE_ACCOUNTS } from './devnet-accounts';
import { chooseDevnetAccount } from './devnet-wallet';
import { readDevnetWallet } from './remembered-wallet';
import { DEVNET_WALLET } from './wallet-info';

const second = PEOPLE_ACCOUNTS[1]!;
const third = PEOPLE_ACCOUNTS[2]!;
const notice = 'localhost wants you to sign in with your Ethereum account';

/** The app's own wallet layer (wagmi and all), loaded as the sign-in page loads it. */
const actions = () => import('../../lib/wallet/wallet-actions');

/** The wallet's window loads with its first request: give the import the time it takes here. */
const LOADS = { timeout: 15_000 };

describe('the built-in devnet wallet in the app', { timeout: 30_000 }, () => {
  it('is found like an extension, connected by wagmi, and signs the notice once the user confirms it', async () => {
    const wallet = chooseDevnetAccount(31337, second);
    expect(walletStore.getState().announced.map(({ id }) => id)).toContain(DEVNET_WALLET.rdns);

    const { accountOf, signWalletMessage } = await actions();
    const address = await accountOf(wallet);
    expect(address).toBe(second.address);
    expect(walletStore.getState()).toMatchObject({
      status: 'connected',
      account: address.toLowerCase(),
      chainId: 31337,
    });

    const signing = signWalletMessage(wallet, address, notice);
    const dialog = await screen.findByRole('dialog', { name: 'Signature request' }, LOADS);
    expect(within(dialog).getByText(notice)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    await expect(verifyMessage({ address, message: notice, signature: await signing })).resolves.toBe(true);
    expect(readDevnetWallet(localStorage)).toEqual({ ...second, connected: true });
  });

  it("hands the user's rejection to the app as 4001", async () => {
    const wallet = chooseDevnetAccount(31337, second);
    const { signWalletMessage } = await actions();
    const signing = signWalletMessage(wallet, second.address, notice).catch((error: unknown) => error);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }, LOADS));
    expect(walletErrorCode(await signing)).toBe(4001);
  });

  it('moves the app to another account chosen in the wallet', () => {
    chooseDevnetAccount(31337, third);
    expect(walletStore.getState().account).toBe(third.address.toLowerCase());
  });
});
