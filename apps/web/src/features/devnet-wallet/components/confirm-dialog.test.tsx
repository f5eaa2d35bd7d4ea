import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { numberToHex, stringToHex } from 'viem';
import { Dialog } from '../../../components/ui/dialog';
import { i18n } from '../../../lib/i18n';
import { askUser } from '../confirm-store';
import { PEOPLE_ACCOUNTS } from '../devnet-accounts';
import { ConfirmDialog, messageText } from './confirm-dialog';

const account = PEOPLE_ACCOUNTS[1]!.address;
const seaport = '0x0000000000000068F116a894984e2DB1123eB395';

function ask(request: Parameters<typeof askUser>[0]) {
  const { unmount } = render(<ConfirmDialog />);
  let answer!: Promise<boolean>;
  act(() => {
    answer = askUser(request);
  });
  return { answer, dialog: within(screen.getByRole('dialog')), unmount };
}

describe("the wallet's confirmation", () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('shows the message to sign as text, with the account it signs with', async () => {
    const notice = 'localhost wants you to sign in with your Ethereum account:\nNonce: 1a2b';
    const { answer, dialog } = ask({ kind: 'message', account, message: stringToHex(notice) });
    expect(screen.getByRole('dialog', { name: 'Signature request' })).toBeTruthy();
    expect(dialog.getByText(/Account 1/)).toBeTruthy();
    expect(dialog.getByText(/Nonce: 1a2b/).textContent).toBe(notice);
    await userEvent.click(dialog.getByRole('button', { name: 'Sign' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays above a dialog the page opens after it, so the request can still be answered', async () => {
    const { answer } = ask({ kind: 'message', account, message: stringToHex('hello') });
    // The page's modal arrives late (its code loads on first open), over the wallet's window.
    render(<Dialog open onOpenChange={() => {}} title="Sweep 1 item" />);
    const wallet = await screen.findByRole('dialog', { name: 'Signature request' });
    expect(screen.queryByRole('dialog', { name: 'Sweep 1 item' })).toBeNull();
    await userEvent.click(within(wallet).getByRole('button', { name: 'Sign' }));
    await expect(answer).resolves.toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Sweep 1 item' })).toBeTruthy();
  });

  it('shows bytes that are not text as hex', () => {
    expect(messageText('0xff00fe')).toBe('0xff00fe');
  });

  it('answers a rejection, also when the window is closed with Escape', async () => {
    const first = ask({ kind: 'message', account, message: stringToHex('hello') });
    await userEvent.click(first.dialog.getByRole('button', { name: 'Reject' }));
    await expect(first.answer).resolves.toBe(false);
    first.unmount();

    const second = ask({ kind: 'connect', account });
    await userEvent.keyboard('{Escape}');
    await expect(second.answer).resolves.toBe(false);
  });

  it('shows typed data field by field under its domain', async () => {
    const { answer, dialog } = ask({
      kind: 'typed-data',
      account,
      typedData: {
        domain: { name: 'Seaport', version: '1.6', chainId: 31337, verifyingContract: seaport },
        types: {},
        primaryType: 'OrderComponents',
        message: {
          offerer: account,
          offer: [{ token: '0x00000000000000000000000000000000000000aa', identifierOrCriteria: '42' }],
        },
      },
    });
    expect(screen.getByRole('dialog', { name: 'Typed data signature' })).toBeTruthy();
    expect(dialog.getByText(/sign this OrderComponents/)).toBeTruthy();
    expect(dialog.getByText('Seaport 1.6')).toBeTruthy();
    expect(dialog.getByText(seaport)).toBeTruthy();
    expect(dialog.getByText('identifierOrCriteria').nextSibling?.textContent).toBe('42');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    await expect(answer).resolves.toBe(false);
  });

  it('shows where a transaction goes, its value in ETH, its fees and its data size, in Chinese too', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const { answer, dialog } = ask({
      kind: 'transaction',
      account,
      transaction: {
        // As a dapp sends it; the wallet shows it checksummed.
        to: seaport.toLowerCase() as `0x${string}`,
        value: 15n * 10n ** 17n,
        data: numberToHex(0xdeadbeefn),
        gas: 390_000n,
        fees: { maxFeePerGas: 30n * 10n ** 9n, maxPriorityFeePerGas: 5n * 10n ** 9n },
      },
    });
    expect(screen.getByRole('dialog', { name: '确认交易' })).toBeTruthy();
    const value = (label: string) => dialog.getByText(label).nextSibling?.textContent;
    expect(value('接收方')).toBe(seaport);
    expect(value('金额')).toBe('1.5000 ETH');
    expect(value('Gas 上限')).toBe('390,000');
    expect(value('最高费用')).toBe('30 Gwei');
    expect(value('优先费')).toBe('5 Gwei');
    expect(value('最高网络费')).toBe('0.011700 ETH');
    expect(value('最高总额')).toBe('1.511700 ETH');
    expect(value('数据')).toBe('4 字节');
    await userEvent.click(dialog.getByRole('button', { name: '发送' }));
    await expect(answer).resolves.toBe(true);
  });
});
