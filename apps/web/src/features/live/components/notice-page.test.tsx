import { NOTIFICATION_TYPE, type NotificationItem } from '@floordesk/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../stores/session-store';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import NoticePage from './notice-page';
import { notificationItem } from '../test-fixtures';

const item = (id: number, overrides: Partial<NotificationItem> = {}) =>
  notificationItem(id, { ens: 'bob.eth', ...overrides });

/** 45 notifications, newest first, of which every third is a listing; pages of 20 as the server serves them. */
function stubHistory() {
  const all = Array.from({ length: 45 }, (_, i) =>
    item(45 - i, i % 3 === 0 ? { type: NOTIFICATION_TYPE.listed, profit: null } : {}),
  );
  return stubApi((url) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const type = url.searchParams.get('type');
    const matching = type ? all.filter((entry) => entry.type === Number(type)) : all;
    return ok({ list: matching.slice((page - 1) * 20, page * 20), total: matching.length, page, size: 20 });
  });
}

afterEach(() => sessionStore.getState().clear());

describe('/notice', () => {
  it('pages through the history, newest first, and filters by type', async () => {
    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
    stubHistory();
    renderInApp(<NoticePage />, { path: '/notice' });
    expect(screen.getByText('BETA')).toBeTruthy();
    let rows = await screen.findAllByTestId('notice-row');
    expect(rows.map((row) => row.dataset.tokenId).slice(0, 3)).toEqual(['45', '44', '43']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const sold = rows.find((row) => row.dataset.type === '4')!;
    expect(within(sold).getByText('bob.eth')).toBeTruthy();
    expect(within(sold).getByTestId('notification-profit').textContent).toBe('+0.227500 ETH');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    rows = await screen.findAllByTestId('notice-row');
    expect(rows[0]?.dataset.tokenId).toBe('25');

    await userEvent.selectOptions(screen.getByRole('combobox'), 'Listed');
    await waitFor(() => expect(screen.getByText('Page 1 of 1')).toBeTruthy());
    rows = await screen.findAllByTestId('notice-row');
    expect(rows).toHaveLength(15);
    expect(rows.every((row) => row.dataset.type === '1')).toBe(true);
  });

  it('says so when there is nothing yet', async () => {
    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
    stubApi(() => ok({ list: [], total: 0, page: 1, size: 20 }));
    renderInApp(<NoticePage />, { path: '/notice' });
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
  });
});
