import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOW, trade } from '../../../test/collection-fixtures';
import { FRESH_TRADE_MS, TradesFeed } from './trades-section';

function rows() {
  return screen.getAllByRole('row').slice(1);
}

/** The addresses a flipper badge stands beside in a row. */
function badgedAddresses(row: HTMLElement): (string | null | undefined)[] {
  return within(row)
    .queryAllByTestId('flipper-badge')
    .map((badge) => badge.previousElementSibling?.getAttribute('title'));
}

function tokenOf(row: HTMLElement): string {
  return within(row).getAllByRole('cell')[1]!.textContent!;
}

describe('trades feed', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists trades newest first, by block and then by position in the block', () => {
    render(
      <TradesFeed
        trades={[
          trade(100),
          trade(102, { log_index: 1 }),
          trade(101),
          trade(102, { log_index: 7, token_id: '7' }),
          trade(102, { log_index: 7, item_index: 1, token_id: '8' }),
        ]}
      />,
    );
    expect(rows().map(tokenOf)).toEqual(['#8', '#7', '#102', '#101', '#100']);
  });

  it('highlights the trades a poll brings, on top, for a moment; not the ones there when the page opened', () => {
    const first = [trade(101), trade(100)];
    const { rerender } = render(<TradesFeed trades={first} />);
    expect(rows().filter((row) => row.dataset.fresh)).toEqual([]);

    rerender(<TradesFeed trades={[trade(103), trade(102), ...first]} />);
    expect(rows().map(tokenOf)).toEqual(['#103', '#102', '#101', '#100']);
    expect(rows().map((row) => row.dataset.fresh === 'true')).toEqual([true, true, false, false]);

    // A poll with nothing new keeps the highlight running rather than resetting it.
    act(() => vi.advanceTimersByTime(FRESH_TRADE_MS - 500));
    rerender(<TradesFeed trades={[trade(103), trade(102), trade(101)]} />);
    expect(rows()[0]!.dataset.fresh).toBe('true');

    act(() => vi.advanceTimersByTime(500));
    expect(rows().filter((row) => row.dataset.fresh)).toEqual([]);
  });

  it('shows buyer and seller shortened, and ages that keep ticking', () => {
    render(<TradesFeed trades={[trade(100, { time: NOW.getTime() / 1000 - 58 })]} />);
    const [row] = rows();
    expect(within(row!).getByText('0xf39…2266')).toBeTruthy();
    expect(within(row!).getByText('0x709…79c8')).toBeTruthy();
    expect(within(row!).getByText('58s')).toBeTruthy();

    act(() => vi.advanceTimersByTime(3000));
    expect(within(row!).getByText('1m')).toBeTruthy();
  });

  it('badges a flipper on the side of the trade they were on, and nobody else', () => {
    render(
      <TradesFeed trades={[trade(102, { seller_flipper: true }), trade(101, { buyer_flipper: true }), trade(100)]} />,
    );
    const [sold, bought, plain] = rows();
    expect(badgedAddresses(sold!)).toEqual([trade(0).seller]);
    expect(badgedAddresses(bought!)).toEqual([trade(0).buyer]);
    expect(badgedAddresses(plain!)).toEqual([]);
  });
});
