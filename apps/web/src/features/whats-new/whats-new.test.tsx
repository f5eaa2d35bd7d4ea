import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../components/ui/toast/toast-store';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../stores/session-store';
import { ok, stubApi } from '../../test/render-in-app';
import { WhatsNew } from './whats-new';

const VERSION = '1.4.0';
const CONFIG = { chain_id: 31337, chain_name: 'Devnet', devnet_wallet: true, version: VERSION };
const NOTES = { code: VERSION, title: 'New in 1.4.0', items: ['Trial codes', 'Terms and privacy pages'] };
const WHATS_NEW = '/api/app/whats-new';

/** The app config and `notes` as What's New's answer (a function may fail the call its own way). */
function stubServer(notes: unknown = ok(NOTES)) {
  return stubApi((url) => {
    if (url.pathname === '/api/app/config') return ok(CONFIG);
    if (url.pathname === WHATS_NEW) return notes;
    throw new Error(`unexpected call ${url.pathname}`);
  });
}

const callsTo = (fetchSpy: { mock: { calls: unknown[][] } }, path: string) =>
  fetchSpy.mock.calls.filter(([input]) => new URL(String(input), window.location.origin).pathname === path).length;

/** A fresh page load: a new query cache, What's New mounted as the layout mounts it. */
function load() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WhatsNew />
    </QueryClientProvider>,
  );
}

/** Lets every answer in flight arrive and any lazy modal load. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(async () => {
  toastStore.getState().dismiss();
  sessionStore.getState().clear();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('en'));
});

describe("What's New", () => {
  it('shows the notes of this build once: after OK, the next load asks for nothing and shows nothing', async () => {
    const fetchSpy = stubServer();
    const first = load();
    const dialog = await screen.findByRole('dialog', { name: 'New in 1.4.0' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NOTES.items);
    expect(localStorage.getItem(`hasOpened${VERSION}`)).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(`hasOpened${VERSION}`)).toBe('1');

    first.unmount();
    load();
    await waitFor(() => expect(callsTo(fetchSpy, '/api/app/config')).toBe(2));
    await settle();
    expect(callsTo(fetchSpy, WHATS_NEW)).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts Escape as seen too, and words its button in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    stubServer();
    load();
    const dialog = await screen.findByRole('dialog', { name: 'New in 1.4.0' });
    expect(within(dialog).getByRole('button', { name: '知道了' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(`hasOpened${VERSION}`)).toBe('1');
  });

  it('gives a subtitle that adds to the title (how many changes) instead of repeating it', async () => {
    stubServer(ok({ ...NOTES, title: "What's new in FloorDesk 1.4" }));
    load();
    const dialog = await screen.findByRole('dialog', { name: "What's new in FloorDesk 1.4" });
    const subtitle = dialog.getAttribute('aria-describedby');
    expect(document.getElementById(subtitle ?? '')?.textContent).toBe('2 changes in version 1.4.0');
  });

  it('shows nothing for a build with no notes', async () => {
    const fetchSpy = stubServer(ok({ ...NOTES, items: [] }));
    load();
    await waitFor(() => expect(callsTo(fetchSpy, WHATS_NEW)).toBe(1));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['a refusal', () => ({ status: 500, msg: 'Server error', data: null })],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('stays silent on %s: no modal, no toast, even for a signed-in user', async (_, answer) => {
    sessionStore.getState().signIn({ token: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', sign_num: 'secret' });
    const fetchSpy = vi.spyOn(window, 'fetch').mockImplementation((input) => {
      const url = new URL(String(input), window.location.origin);
      if (url.pathname === WHATS_NEW) return answer() as Promise<Response>;
      return Promise.resolve(new Response(JSON.stringify(ok(CONFIG))));
    });
    load();
    await waitFor(() => expect(callsTo(fetchSpy, WHATS_NEW)).toBe(1));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastStore.getState().toast).toBeNull();
  });
});
