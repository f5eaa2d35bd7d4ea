import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { AlertDetail } from '@floordesk/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../stores/session-store';
import { renderInApp } from '../../../test/render-in-app';
import {
  callsTo,
  chatSettings,
  floorAlert,
  localDateTime,
  PUNKS,
  postedTo,
  signIn,
  stubAlertServer,
  trendingAlert,
} from '../test-fixtures';
import { AlertDialog } from './alert-dialog';

afterEach(async () => {
  sessionStore.getState().clear();
  await act(() => i18n.changeLanguage('en'));
});

/** The dialog behind a button, as the user menu opens it, so it can be closed and opened again. */
function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open alerts
      </button>
      <AlertDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog() {
  return renderInApp(<Harness />, { path: '/trending' });
}

const alertDialog = () => screen.getByRole('dialog', { name: /Alert/ });
const menu = () => within(alertDialog()).getByRole('navigation', { name: 'Alert menu' });
const menuEntry = (name: string) => within(menu()).getByRole('button', { name });
const watched = (row: HTMLElement) => within(row).getByTestId('alert-watch').textContent;

function pretendPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media) =>
      ({
        matches: false,
        media,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('the alert dialog', () => {
  it('lists the alerts: titles cut to 100 characters, local y-m-d h:i:s times, the family and an off tag', async () => {
    signIn();
    const long = `${'Whale watch '.repeat(9)}and then some more`; // 126 characters
    stubAlertServer({ alerts: [floorAlert({ title: long }), trendingAlert()] });
    renderDialog();
    const rows = await screen.findAllByTestId('alert-row');
    expect(screen.getByTestId('alert-count').textContent).toBe('2 of 50 alerts');
    expect(rows.map((row) => row.dataset.alertId)).toEqual(['7', '3']);

    const title = within(rows[0]!).getByTestId('alert-title');
    expect(title.textContent).toBe(`${long.slice(0, 100)}…`);
    expect(title.getAttribute('title')).toBe(long);
    expect(within(rows[1]!).getByTestId('alert-title').textContent).toBe('Hot mints');

    expect(within(rows[0]!).getByTestId('alert-time').textContent).toBe(localDateTime(1_764_000_000));
    expect(within(rows[1]!).getByTestId('alert-time').textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(within(rows[0]!).getByTestId('alert-family').textContent).toBe('Collection');
    expect(within(rows[1]!).getByTestId('alert-family').textContent).toBe('Trending');
    expect(within(rows[0]!).queryByText('Off')).toBeNull();
    expect(within(rows[1]!).getByText('Off')).toBeTruthy();
  });

  it('shows on each row what the alert watches: its collection and its trigger', async () => {
    signIn();
    const wallets = trendingAlert({
      type: 201,
      id: 4,
      qb_address2: [
        { address: PUNKS, nickname: 'Pranksy' },
        { address: '0x00000000000000000000000000000000000000b2', nickname: '' },
      ],
    } as Partial<AlertDetail>);
    const reminder = trendingAlert({
      type: 401,
      id: 5,
      custom_time_value: 1_764_500_000,
      lead_minutes: 30,
    } as Partial<AlertDetail>);
    stubAlertServer({ alerts: [floorAlert(), trendingAlert(), wallets, reminder] });
    renderDialog();
    const rows = await screen.findAllByTestId('alert-row');
    expect(watched(rows[0]!)).toBe('CryptoPunks · Floor crosses 40 or 45.5 ETH');
    expect(watched(rows[1]!)).toBe('Your watchlist · 25+ trades in 15 min');
    expect(watched(rows[2]!)).toBe('Pranksy, 0x000…00b2 · Buys, sells or mints');
    expect(watched(rows[3]!)).toBe(`${localDateTime(1_764_500_000).slice(0, 16)} · DM 30 min before`);

    await act(() => i18n.changeLanguage('zh'));
    expect(watched(screen.getAllByTestId('alert-row')[1]!)).toBe('你的关注列表 · 15 分钟内成交 25 笔及以上');
  });

  it('deletes an alert only after OK, then reloads the list and shows what the server said', async () => {
    signIn();
    const { fetchSpy } = stubAlertServer({ alerts: [floorAlert(), trendingAlert()] });
    renderDialog();
    let rows = await screen.findAllByTestId('alert-row');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this alert?' });
    expect(within(confirm).getByText('“Hot mints” will send no more DMs.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Delete this alert?' })).toBeNull();
    expect(postedTo(fetchSpy, '/api/alerts/delete')).toEqual([]);
    expect(screen.getAllByTestId('alert-row')).toHaveLength(2);

    rows = screen.getAllByTestId('alert-row');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this alert?' })).getByRole('button', { name: 'OK' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('alert-row')).toHaveLength(1));
    expect(postedTo(fetchSpy, '/api/alerts/delete')).toEqual([{ id: 3 }]);
    expect(screen.getByTestId('alert-notice').textContent).toContain('Alert deleted: no more DMs from it.');
    expect(screen.getByTestId('alert-count').textContent).toBe('1 of 50 alerts');
  });

  it("opens an alert's form with its saved values from a click on its title, and saves it under its id", async () => {
    signIn();
    const { fetchSpy } = stubAlertServer({ alerts: [floorAlert()] });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Punks floor' }));

    const form = await screen.findByTestId('alert-form-301');
    expect(fetchSpy.mock.calls.some(([input]) => String(input).endsWith('/api/alerts/detail?id=7'))).toBe(true);
    expect(within(form).getByRole('heading').textContent).toContain('Floor price');
    expect(within(form).getByText('Edit')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Alert name' })).toHaveProperty('value', 'Punks floor');
    expect(within(form).getByRole('combobox', { name: 'Collection' })).toHaveProperty('value', PUNKS);
    expect(within(form).getByTestId('alert-collection').textContent).toContain('CryptoPunks');
    expect(within(form).getByRole('textbox', { name: 'Trigger price 1' })).toHaveProperty('value', '40');
    expect(within(form).getByRole('textbox', { name: 'Trigger price 2' })).toHaveProperty('value', '45.5');
    expect(within(form).getByRole('textbox', { name: 'DM limit' })).toHaveProperty('value', '12');
    expect(within(form).getByRole('switch', { name: 'Alert on' }).getAttribute('aria-checked')).toBe('true');
    expect(menuEntry('Floor price').getAttribute('aria-current')).toBe('page');

    await userEvent.clear(within(form).getByRole('textbox', { name: 'Trigger price 2' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Trigger price 2' }), '50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getAllByTestId('alert-row')).toHaveLength(1));
    expect(postedTo(fetchSpy, '/api/alerts')).toEqual([
      {
        type: 301,
        id: 7,
        title: 'Punks floor',
        enabled: true,
        dm_limit: 12,
        address: PUNKS,
        price_list: ['40', '50'],
      },
    ]);
    expect(screen.getByTestId('alert-notice').textContent).toContain('Alert saved: it watches from now on.');
  });

  it("opens on a custom-event form filled in with a calendar item's name and time", async () => {
    signIn();
    stubAlertServer();
    const at = Math.floor(Date.parse('2031-05-04T03:02:00') / 1000);
    renderInApp(<AlertDialog open onOpenChange={() => {}} reminder={{ title: 'Devnet Apes · Mint', at }} />, {
      path: '/trending',
    });
    const form = await screen.findByTestId('alert-form-401');
    expect(within(form).getByRole('textbox', { name: 'Alert name' })).toHaveProperty('value', 'Devnet Apes · Mint');
    expect(within(form).getByLabelText('Start time')).toHaveProperty('value', '2031-05-04T03:02');
    expect(menuEntry('Custom event').getAttribute('aria-current')).toBe('page');
  });

  it('creates an alert from a menu entry, with one request for a double click, then goes back to the list', async () => {
    signIn();
    const { fetchSpy } = stubAlertServer();
    renderDialog();
    expect(await screen.findByText(/No alerts yet/)).toBeTruthy();
    await userEvent.click(menuEntry('Listing trending'));
    const form = screen.getByTestId('alert-form-102');
    expect(within(form).getByText('New')).toBeTruthy();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Alert name' }), 'Dumps');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Interval' }), '5');
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Listing threshold' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Listing threshold' }), '40');
    await userEvent.click(within(form).getByRole('switch', { name: 'Only my watchlist' }));
    await userEvent.dblClick(within(form).getByRole('button', { name: 'Save' }));

    await screen.findByTestId('alert-row');
    expect(postedTo(fetchSpy, '/api/alerts')).toEqual([
      {
        type: 102,
        title: 'Dumps',
        enabled: true,
        dm_limit: 10,
        interval: 5,
        threshold: 40,
        watchlist_only: true,
      },
    ]);
    expect(menuEntry('Alert list').getAttribute('aria-current')).toBe('page');
  });

  it('clears a form when its entry is chosen again, and Back returns to the list', async () => {
    signIn();
    stubAlertServer();
    renderDialog();
    await userEvent.click(menuEntry('Custom event'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Alert name' }), 'Reveal');
    await userEvent.click(menuEntry('Custom event'));
    expect(screen.getByRole('textbox', { name: 'Alert name' })).toHaveProperty('value', '');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText(/No alerts yet/)).toBeTruthy();
  });

  it('starts on the list again after being closed on a form', async () => {
    signIn();
    stubAlertServer({ alerts: [trendingAlert()] });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Hot mints' }));
    await screen.findByTestId('alert-form-101');
    await userEvent.click(within(alertDialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'open alerts' }));
    expect(await screen.findByTestId('alert-row')).toBeTruthy();
    expect(screen.queryByTestId('alert-form-101')).toBeNull();
    expect(menuEntry('Alert list').getAttribute('aria-current')).toBe('page');
  });

  it('offers every type in the menu, by family', async () => {
    signIn();
    stubAlertServer();
    renderDialog();
    const names = within(menu())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual([
      'Alert list',
      'Connect chat bot',
      'Trade trending',
      'Listing trending',
      'Pending trending',
      'NFT wallet',
      'NFT wallet listings',
      'Floor price',
      'Collection trade trending',
      'Wallet listings',
      'Custom event',
    ]);
  });

  it('does not ask for the list without a session', () => {
    const { fetchSpy } = stubAlertServer();
    renderDialog();
    expect(callsTo(fetchSpy, 'GET', '/api/alerts')).toBe(0);
    expect(callsTo(fetchSpy, 'GET', '/api/alerts/chat')).toBe(0);
  });
});

describe('the chat-bot prompt', () => {
  it('shakes the chat-bot entry with a prompt when there is no chat id, on opening and on each form', async () => {
    signIn();
    stubAlertServer({ chat: chatSettings({ chat_id: '', test_time: 0 }) });
    renderDialog();
    await waitFor(() => expect(menuEntry('Connect chat bot').dataset.shaking).toBe('true'));
    expect(within(menu()).getByTestId('chat-setup-prompt').textContent).toBe(
      'Set up the chat bot first: alerts reach you as DMs from it.',
    );
    await userEvent.click(menuEntry('Floor price'));
    expect(menuEntry('Connect chat bot').dataset.shaking).toBe('true');
    // The form says it too, and leads to the setup.
    await userEvent.click(
      within(screen.getByTestId('alert-form-301')).getByRole('button', { name: 'Connect chat bot' }),
    );
    expect(await screen.findByRole('textbox', { name: 'Chat user ID' })).toBeTruthy();
  });

  it('stays still, with no prompt, once a chat id is set', async () => {
    signIn();
    stubAlertServer();
    renderDialog();
    await screen.findAllByText(/No alerts yet/);
    await userEvent.click(menuEntry('Floor price'));
    expect(menuEntry('Connect chat bot').dataset.shaking).toBeUndefined();
    expect(screen.queryByTestId('chat-setup-prompt')).toBeNull();
    expect(screen.queryByText(/which is not connected yet/)).toBeNull();
  });

  it('shakes the Menu button of the narrow layout, whose drawer holds the menu', async () => {
    pretendPhone();
    signIn();
    stubAlertServer({ chat: chatSettings({ chat_id: '' }) });
    renderDialog();
    expect(screen.queryByRole('navigation', { name: 'Alert menu' })).toBeNull();
    const open = within(alertDialog()).getByRole('button', { name: 'Menu' });
    await waitFor(() => expect(open.dataset.shaking).toBe('true'));
    await userEvent.click(open);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Wallet listings' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByTestId('alert-form-303')).toBeTruthy();
  });
});
