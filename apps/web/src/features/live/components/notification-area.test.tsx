import { NOTIFICATION_TYPE, type NotificationItem } from '@floordesk/protocol';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render-in-app';
import { notificationStore } from '../notification-store';
import { NotificationArea } from './notification-area';
import { notificationItem } from '../test-fixtures';

const now = () => Math.floor(Date.now() / 1000);

const item = (id: number, overrides: Partial<NotificationItem> = {}) =>
  notificationItem(id, { profit: '-3000000000000000', create_time: now() - 12, ...overrides });

afterEach(() => {
  act(() => notificationStore.getState().dismissAll());
  vi.useRealTimers();
});

describe('the notification area', () => {
  it('is hidden when empty, and shows a sale with wallet, age, collection, token, price and profit', () => {
    // The clock stands still, so the card's age is read in the same second the item was dated from.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T12:00:00Z') });
    renderInApp(<NotificationArea />);
    expect(screen.queryByTestId('notification-area')).toBeNull();
    act(() => notificationStore.getState().add([item(7)], now()));
    const card = screen.getByTestId('notification');
    expect(within(card).getByText('Sold')).toBeTruthy();
    expect(within(card).getByText('0x709…79c8')).toBeTruthy();
    expect(within(card).getByText('Moonlit Foxes')).toBeTruthy();
    expect(within(card).getByText('#7')).toBeTruthy();
    expect(within(card).getByText('0.3000 ETH')).toBeTruthy();
    expect(within(card).getByTestId('notification-profit').textContent).toBe('-0.003000 ETH');
    expect(within(card).getByText('12s')).toBeTruthy();
  });

  it('stacks several into one card that expands on click; dismisses one, or all', async () => {
    renderInApp(<NotificationArea />);
    act(() => notificationStore.getState().add([item(1), item(2), item(3, { type: NOTIFICATION_TYPE.listed })], now()));
    expect(screen.getAllByTestId('notification')).toHaveLength(1);
    expect(within(screen.getByTestId('notification')).getByText('Listed')).toBeTruthy();
    await userEvent.click(screen.getByTestId('notification-expand'));
    expect(screen.getAllByTestId('notification').map((card) => card.dataset.tokenId)).toEqual(['3', '2', '1']);
    await userEvent.click(within(screen.getAllByTestId('notification')[1]!).getByRole('button', { name: 'Dismiss' }));
    expect(screen.getAllByTestId('notification').map((card) => card.dataset.tokenId)).toEqual(['3', '1']);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    expect(screen.queryByTestId('notification-area')).toBeNull();
  });

  it("words collection news in the reader's language", () => {
    renderInApp(<NotificationArea />);
    act(() =>
      notificationStore
        .getState()
        .add([item(9, { type: NOTIFICATION_TYPE.collectionNews, des: 'reveal', token_id: null })], now()),
    );
    expect(screen.getByText('Moonlit Foxes has revealed its tokens')).toBeTruthy();
  });
});
