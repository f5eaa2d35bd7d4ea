import { type CalendarItem, CALENDAR_SCROLL_STEP_PX } from '@floordesk/protocol';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertDialogStore, closeAlertDialog } from '../../../stores/alert-dialog-store';
import { loginPromptStore } from '../../../stores/login-prompt-store';
import { closePanels, panelsStore, setPanelOpen } from '../../../stores/panels-store';
import { sessionStore } from '../../../stores/session-store';
import { i18n } from '../../../lib/i18n';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { calendarItem } from '../test-fixtures';
import { CalendarModal } from './calendar-modal';

const zone = process.env.TZ;
const NOW = new Date('2025-03-01T04:00:00Z'); // 12:00 in Shanghai

function item(overrides: Partial<CalendarItem> & Pick<CalendarItem, 'id'>): CalendarItem {
  return calendarItem({ open_timestemp: Date.parse('2025-03-01T11:00:00Z') / 1000, ...overrides });
}

const schedule = [
  item({ id: 'Early Birds', type_name: 'whitelist', open_timestemp: Date.parse('2025-03-01T01:00:00Z') / 1000 }),
  item({
    id: 'Devnet Apes',
    twitter_url: 'https://x.com/apes',
    opensea_url: 'https://opensea.io/collection/apes',
  }),
  item({ id: 'Shards', type_name: 'reveal', time_flag: 1, open_timestemp: Date.parse('2025-03-02T12:00:00Z') / 1000 }),
];

function renderOpen() {
  renderInApp(<CalendarModal />);
  act(() => setPanelOpen('calendar', true));
}

function entry(name: string): HTMLElement {
  return screen.getByText(name).closest('li')!;
}

describe('calendar modal', () => {
  beforeEach(() => {
    process.env.TZ = 'Asia/Shanghai';
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  });

  afterEach(async () => {
    cleanup();
    closePanels();
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
    await act(() => i18n.changeLanguage('en'));
  });

  it('groups mints and reveals by local day under the timezone note', async () => {
    stubApi(() => ok({ list: schedule }));
    renderOpen();

    const dialog = await screen.findByRole('dialog', { name: 'Mint calendar' });
    expect(within(dialog).getByText('Adjusted to your timezone: Asia/Shanghai (UTC+08:00)')).toBeTruthy();
    const saturday = await screen.findByRole('region', { name: 'Sat, Mar 1' });
    const [first, second, ...rest] = within(saturday).getAllByRole('listitem');
    expect(within(first!).getByText('Early Birds')).toBeTruthy();
    expect(within(second!).getByText('Devnet Apes')).toBeTruthy();
    expect(rest).toEqual([]);
    const sunday = screen.getByRole('region', { name: 'Sun, Mar 2' });
    expect(within(sunday).getByText('Shards')).toBeTruthy();
  });

  it('shows each item’s type, local time and how far away it is, or "Time TBA"', async () => {
    stubApi(() => ok({ list: schedule }));
    renderOpen();

    const apes = within(await waitFor(() => entry('Devnet Apes')));
    expect(apes.getByText('Public sale')).toBeTruthy();
    expect(apes.getByText('19:00')).toBeTruthy();
    expect(apes.getByText('in 7 hours')).toBeTruthy();

    const shards = within(entry('Shards'));
    expect(shards.getByText('Reveal')).toBeTruthy();
    expect(shards.getByText('Time TBA')).toBeTruthy();
    expect(within(entry('Early Birds')).getByText('Whitelist')).toBeTruthy();
  });

  it('links only the channels an item has, each in a new tab without access to this page', async () => {
    stubApi(() => ok({ list: schedule }));
    renderOpen();

    const links = within(await waitFor(() => entry('Devnet Apes'))).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['X (Twitter)', 'https://x.com/apes'],
      ['OpenSea', 'https://opensea.io/collection/apes'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(within(entry('Shards')).queryAllByRole('link')).toEqual([]);
  });

  it('dims what has already happened', async () => {
    stubApi(() => ok({ list: schedule }));
    renderOpen();

    await waitFor(() => entry('Early Birds'));
    expect(entry('Early Birds').className).toContain('opacity-45');
    expect(entry('Devnet Apes').className).not.toContain('opacity-45');
    expect(entry('Shards').className).not.toContain('opacity-45');
  });

  it('scrolls the timeline 81 px per arrow key or button press', async () => {
    stubApi(() => ok({ list: schedule }));
    renderOpen();

    const timeline = await screen.findByRole('region', { name: 'Upcoming mints and reveals' });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(timeline.scrollTop).toBe(2 * CALENDAR_SCROLL_STEP_PX));
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(timeline.scrollTop).toBe(CALENDAR_SCROLL_STEP_PX));

    await userEvent.click(screen.getByRole('button', { name: 'Scroll down' }));
    await waitFor(() => expect(timeline.scrollTop).toBe(2 * CALENDAR_SCROLL_STEP_PX));
    await userEvent.click(screen.getByRole('button', { name: 'Scroll up' }));
    await waitFor(() => expect(timeline.scrollTop).toBe(CALENDAR_SCROLL_STEP_PX));
  });

  it('speaks Chinese, day headers included', async () => {
    await act(() => i18n.changeLanguage('zh'));
    stubApi(() => ok({ list: schedule }));
    renderOpen();

    expect(await screen.findByRole('region', { name: '3月1日 星期六' })).toBeTruthy();
    const apes = within(entry('Devnet Apes'));
    expect(apes.getByText('公售')).toBeTruthy();
    expect(apes.getByText('7 小时内')).toBeTruthy();
    expect(within(entry('Shards')).getByText('时间待定')).toBeTruthy();
  });

  it('says when nothing is scheduled', async () => {
    stubApi(() => ok({ list: [] }));
    renderOpen();
    expect(await screen.findByText('No upcoming mints or reveals.')).toBeTruthy();
  });

  it('reports a failed load and tries again on Retry', async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 1001, msg: 'Server busy', data: null } : ok({ list: schedule })));
    renderOpen();
    expect((await screen.findByRole('alert')).textContent).toContain('The calendar could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Devnet Apes')).toBeTruthy();
  });
  it('turns an upcoming item into a DM reminder: the Alert dialog on a custom-event form, once signed in', async () => {
    stubApi(() => ok({ list: schedule }));
    renderOpen();
    const remind = await screen.findByRole('button', { name: 'Remind me by DM before Devnet Apes' });
    // Past items and items without a time have nothing to remind of.
    expect(within(entry('Early Birds')).queryByRole('button', { name: /Remind me/ })).toBeNull();
    expect(within(entry('Shards')).queryByRole('button', { name: /Remind me/ })).toBeNull();

    await userEvent.click(remind);
    expect(loginPromptStore.getState().open).toBe(true);
    expect(alertDialogStore.getState().open).toBe(false);
    act(() => loginPromptStore.setState({ open: false }));

    sessionStore.getState().signIn({ token: '0x00000000000000000000000000000000000000a1', sign_num: 'secret' });
    await userEvent.click(remind);
    expect(alertDialogStore.getState()).toEqual({
      open: true,
      reminder: { title: 'Devnet Apes · Public sale', at: Date.parse('2025-03-01T11:00:00Z') / 1000 },
    });
    expect(panelsStore.getState().open).toBeNull();
    sessionStore.getState().clear();
    closeAlertDialog();
  });
});
