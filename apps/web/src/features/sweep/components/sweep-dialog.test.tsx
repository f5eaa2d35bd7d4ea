import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closePanels, setPanelOpen } from '../../../app/layout/panels-store';
import { i18n } from '../../../lib/i18n';
import { listing, milliEth } from '../../collection/test-fixtures';
import { type SweepRow, type SweepRun, sweepRunStore } from '../sweep-run-store';
import { SweepDialog } from './sweep-dialog';

const hash = `0x${'ab'.repeat(32)}`;

function row(tokenId: number, role: SweepRow['role'], status: number | null, reason: SweepRow['reason'] = null): SweepRow {
  const { order_id, token_id, price, marketplace, order_way, img, rank } = listing(tokenId, { price: milliEth(1000 + tokenId) });
  return { order_id, token_id, price, marketplace, order_way, img, rank, role, reason, is_buy: status };
}

function show(run: Partial<SweepRun>) {
  sweepRunStore.setState({
    run: { id: 1, phase: 'quoting', rows: [], total: '0', message: null, txHash: null, chainId: 31337, ...run },
  });
  setPanelOpen('sweep', true);
  render(<SweepDialog />);
  return within(screen.getByRole('dialog'));
}

/** Each item's token and status, as the e2e tests read them. */
function items(): [string | null, string | null][] {
  return screen
    .getAllByTestId('sweep-item')
    .map((item) => [item.getAttribute('data-token-id'), within(item).getByTestId('sweep-item-status').textContent]);
}

describe('the sweep modal', () => {
  afterEach(async () => {
    closePanels();
    sweepRunStore.setState({ run: null });
    await act(() => i18n.changeLanguage('en'));
  });

  it('heads the sweep with its count and shows BUYING, ORDER PRICE and SKIPPED', () => {
    const dialog = show({
      rows: [row(1, 'buy', 1), row(2, 'buy', 1), row(5, 'spare', null), row(3, 'skip', 5000, 'pending')],
      total: milliEth(2003),
    });
    expect(screen.getByRole('dialog', { name: 'Sweep 2 items' })).toBeTruthy();
    expect(dialog.getByTestId('sweep-buying').textContent).toBe('2');
    expect(dialog.getByTestId('sweep-order-price').textContent).toBe('2.0030');
    expect(dialog.getByTestId('sweep-skipped').textContent).toBe('1');
    expect(dialog.getByText('BUYING')).toBeTruthy();
    expect(dialog.getByText('ORDER PRICE (ETH)')).toBeTruthy();
    expect(dialog.getByText('SKIPPED')).toBeTruthy();
    expect(dialog.getByTestId('sweep-phase').textContent).toBe('Preparing the transaction…');
  });

  it('says each status in words, skip reasons included', () => {
    show({
      phase: 'done',
      rows: [
        row(1, 'buy', 3),
        row(2, 'buy', 4),
        row(3, 'buy', 4001),
        row(4, 'buy', 5253),
        row(5, 'buy', 1515),
        row(6, 'buy', 1),
        row(7, 'buy', 77),
        row(8, 'spare', null),
        ...(['duplicate', 'pending', 'flagged', 'own', 'unfillable'] as const).map((reason, index) =>
          row(10 + index, 'skip', 5000, reason),
        ),
      ],
    });
    expect(items()).toEqual([
      ['1', 'Succeeded'],
      ['2', 'Failed'],
      ['3', 'User rejected'],
      ['4', 'Over the gas limit'],
      ['5', 'Higher than expected'],
      ['6', 'Waiting for confirmation'],
      ['7', 'Failed'],
      ['8', 'Not needed'],
      ['10', 'order error (duplicate listing)'],
      ['11', 'order error (pending buy)'],
      ['12', 'order error (flagged)'],
      ['13', 'order error (your own listing)'],
      ['14', 'order error (unfillable)'],
    ]);
    expect(screen.getByTestId('sweep-phase').textContent).toBe('Done: 1 of 7 bought');
  });

  it("shows the server's message and the transaction once sent", () => {
    const dialog = show({
      phase: 'failed',
      rows: [row(1, 'buy', 5000)],
      message: 'Purchase functionality is only available to premium users',
      txHash: hash,
    });
    expect(dialog.getByRole('alert').textContent).toBe('Purchase functionality is only available to premium users');
    expect(dialog.getByTestId('sweep-tx').getAttribute('data-hash')).toBe(hash);
    expect(screen.getByRole('dialog', { name: 'Sweep 1 item' })).toBeTruthy();
  });

  it('links the transaction to Etherscan on mainnet', () => {
    const dialog = show({ phase: 'confirming', rows: [row(1, 'buy', 1)], txHash: hash, chainId: 1 });
    expect(dialog.getByRole('link').getAttribute('href')).toBe(`https://etherscan.io/tx/${hash}`);
  });

  it('speaks Chinese', async () => {
    show({ rows: [row(1, 'buy', 1), row(2, 'skip', 5000, 'own')] });
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('dialog', { name: '扫货 1 件' })).toBeTruthy();
    expect(items()).toEqual([
      ['1', '等待确认'],
      ['2', '订单错误（你自己的挂单）'],
    ]);
  });
});
