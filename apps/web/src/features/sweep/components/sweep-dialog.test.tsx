import { planItemOf, type SweepItemStatusName } from '@floordesk/protocol';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { closePanels, setPanelOpen } from '../../../stores/panels-store';
import { i18n } from '../../../lib/i18n';
import { listing, milliEth } from '../../../test/collection-fixtures';
import { type SweepRow, sweepOrderOf } from '../api/sweep-order';
import { type SweepRun, sweepRunStore } from '../sweep-run-store';
import { SweepDialog } from './sweep-dialog';

const hash = `0x${'ab'.repeat(32)}`;

function row(
  tokenId: number,
  role: SweepRow['role'],
  status: SweepItemStatusName,
  reason: SweepRow['reason'] = null,
): SweepRow {
  return { ...planItemOf(listing(tokenId, { price: milliEth(1000 + tokenId) }), role, reason), status };
}

/** A row as the app reads it from the server's order, whose `is_buy` is `code`. */
function rowOfCode(tokenId: number, code: number): SweepRow {
  const item = planItemOf(listing(tokenId, { price: milliEth(1000 + tokenId) }), 'buy');
  return sweepOrderOf({ id: 'sweep', tx_hash: null, flag: 0, items: [{ ...item, is_buy: code }], spent: null })
    .items[0]!;
}

function show(run: Partial<SweepRun>) {
  sweepRunStore.setState({
    run: {
      id: 1,
      phase: 'quoting',
      rows: [],
      total: '0',
      message: null,
      txHashes: [],
      transactions: 1,
      chainId: 31337,
      ...run,
    },
  });
  setPanelOpen('sweep', true);
  render(
    <MemoryRouter>
      <SweepDialog />
    </MemoryRouter>,
  );
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

  it('heads a single buy as a buy of its token, not as a sweep', async () => {
    show({ rows: [row(123, 'buy', 'in_progress'), row(7, 'spare', 'standby')] });
    expect(screen.getByRole('dialog', { name: 'Buy #123' })).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('dialog', { name: '购买 #123' })).toBeTruthy();
  });

  it('answers a refusal for want of premium with what premium gives and a link to the plans', () => {
    const dialog = show({
      phase: 'failed',
      rows: [row(1, 'buy', 'skipped'), row(2, 'buy', 'skipped')],
      message: 'Purchase functionality is only available to premium users',
      needsPremium: true,
    });
    expect(dialog.getByTestId('sweep-premium').textContent).toContain('sweeps of up to 30 listings');
    expect(dialog.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/plans');
  });

  it('offers no plans for other failures', () => {
    const dialog = show({ phase: 'failed', rows: [row(1, 'buy', 'rejected')], message: 'User rejected' });
    expect(dialog.queryByRole('link', { name: 'See the plans' })).toBeNull();
  });

  it('heads the sweep with its count and shows BUYING, ORDER PRICE and SKIPPED', () => {
    const dialog = show({
      rows: [
        row(1, 'buy', 'in_progress'),
        row(2, 'buy', 'in_progress'),
        row(5, 'spare', 'standby'),
        row(3, 'skip', 'skipped', 'pending'),
      ],
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

  it('says each status in words, skip reasons included, and a status code this version does not know as failed', () => {
    show({
      phase: 'done',
      rows: [
        row(1, 'buy', 'bought'),
        row(2, 'buy', 'failed'),
        row(3, 'buy', 'rejected'),
        row(4, 'buy', 'over_gas_limit'),
        row(5, 'buy', 'higher_than_expected'),
        row(6, 'buy', 'in_progress'),
        rowOfCode(7, 77),
        row(8, 'spare', 'standby'),
        ...(['duplicate', 'pending', 'flagged', 'own', 'unfillable'] as const).map((reason, index) =>
          row(10 + index, 'skip', 'skipped', reason),
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

  it('says a Blur listing passed over (7070) cannot be bought, in both languages', async () => {
    const blur = planItemOf(listing(2, { marketplace: 'blur' }), 'skip', 'blur');
    const order = sweepOrderOf({
      id: 'sweep',
      tx_hash: null,
      flag: 1,
      items: [{ ...blur, is_buy: 7070 }],
      spent: null,
    });
    show({ phase: 'done', rows: [row(1, 'buy', 'bought'), ...order.items] });
    expect(items()).toEqual([
      ['1', 'Succeeded'],
      ['2', 'Listings from Blur are not supported for buying'],
    ]);
    await act(() => i18n.changeLanguage('zh'));
    expect(items()[1]).toEqual(['2', '不支持购买 Blur 的挂单']);
  });

  it('says before the wallet opens that a sweep across Seaport and LooksRare takes two transactions', () => {
    const dialog = show({ phase: 'signing', rows: [row(1, 'buy', 'in_progress')], transactions: 2 });
    expect(dialog.getByTestId('sweep-transactions').textContent).toBe(
      'Seaport and LooksRare listings: two transactions, the wallet asks twice',
    );
  });

  it('shows both transactions of a sweep across two exchanges once sent', () => {
    const second = `0x${'cd'.repeat(32)}`;
    const dialog = show({ phase: 'confirming', rows: [row(1, 'buy', 'in_progress')], txHashes: [hash, second] });
    expect(dialog.getAllByTestId('sweep-tx').map((line) => line.getAttribute('data-hash'))).toEqual([hash, second]);
  });

  it('says nothing of two transactions when one buys everything', () => {
    const dialog = show({ phase: 'signing', rows: [row(1, 'buy', 'in_progress')] });
    expect(dialog.queryByTestId('sweep-transactions')).toBeNull();
  });

  it("shows the server's message and the transaction once sent", () => {
    const dialog = show({
      phase: 'failed',
      rows: [row(1, 'buy', 'skipped')],
      message: 'Purchase functionality is only available to premium users',
      txHashes: [hash],
    });
    expect(dialog.getByRole('alert').textContent).toBe('Purchase functionality is only available to premium users');
    expect(dialog.getByTestId('sweep-tx').getAttribute('data-hash')).toBe(hash);
    expect(screen.getByRole('dialog', { name: 'Buy #1' })).toBeTruthy();
  });

  it('links the transaction to Etherscan on mainnet', () => {
    const dialog = show({ phase: 'confirming', rows: [row(1, 'buy', 'in_progress')], txHashes: [hash], chainId: 1 });
    expect(dialog.getByRole('link').getAttribute('href')).toBe(`https://etherscan.io/tx/${hash}`);
  });

  it('speaks Chinese', async () => {
    show({ rows: [row(1, 'buy', 'in_progress'), row(2, 'skip', 'skipped', 'own')] });
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('dialog', { name: '购买 #1' })).toBeTruthy();
    expect(items()).toEqual([
      ['1', '等待确认'],
      ['2', '订单错误（你自己的挂单）'],
    ]);
  });
});
