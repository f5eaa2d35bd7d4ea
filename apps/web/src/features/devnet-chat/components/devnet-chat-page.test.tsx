import { type DevnetChatMessage, type DevnetChatUser, Status } from '@floordesk/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { bodiesSentTo, ok, renderInApp, stubApi } from '../../../test/render-in-app';
import { CHAT_PERSON_KEY } from '../chat-person';
import DevnetChatPage from './devnet-chat-page';

const ALICE = '100000000000000001';
const NEWCOMER = '100000000000000002';

type ChatServer = { devnet: boolean; people: Map<string, DevnetChatUser>; dms: DevnetChatMessage[] };

/** The devnet chat endpoints over a few people; the bot's DMs go to whoever asks (one person per test). */
function stubChatServer(initial: Partial<ChatServer> = {}) {
  const state: ChatServer = {
    devnet: true,
    people: new Map([[ALICE, { id: ALICE, username: 'alice', dms_open: true }]]),
    dms: [],
    ...initial,
  };
  const unknown = { status: Status.NotFound, msg: 'Not found.', data: null };
  const fetchSpy = stubApi((url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    switch (url.pathname) {
      case '/api/app/config':
        return ok({ chain_id: 31337, chain_name: 'Devnet', devnet_wallet: state.devnet, version: 'test' });
      case '/api/devnet/chat/users': {
        if (body.user_id === undefined) {
          const person = { id: NEWCOMER, username: 'newcomer', dms_open: true };
          state.people.set(person.id, person);
          return ok(person);
        }
        const person = state.people.get(String(body.user_id));
        return person ? ok(person) : unknown;
      }
      case '/api/devnet/chat/my-id':
        return ok({ reply: `Your chat user ID is ${String(body.user_id)}` });
      case '/api/devnet/chat/dms': {
        const person = { ...state.people.get(String(body.user_id))!, dms_open: body.open === true };
        state.people.set(person.id, person);
        return ok(person);
      }
      case '/api/devnet/chat/messages': {
        const person = state.people.get(url.searchParams.get('user_id') ?? '');
        return person ? ok({ user: person, list: state.dms }) : unknown;
      }
      default:
        throw new Error(`unexpected call ${url.pathname}`);
    }
  });
  return { state, fetchSpy };
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('/devnet-chat', () => {
  it('makes a new person on the first visit, keeps them, and answers /my-id with an id to copy', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { fetchSpy } = stubChatServer();
    renderInApp(<DevnetChatPage />, { path: '/devnet-chat' });
    expect((await screen.findByTestId('devnet-chat-user-id')).textContent).toBe(`Chat user ID: ${NEWCOMER}`);
    expect(screen.getByTestId('devnet-chat-username').textContent).toBe('newcomer');
    expect(bodiesSentTo(fetchSpy, '/api/devnet/chat/users')).toEqual([{}]);
    expect(localStorage.getItem(CHAT_PERSON_KEY)).toBe(NEWCOMER);

    await userEvent.click(screen.getByRole('button', { name: 'Run /my-id' }));
    const reply = await screen.findByTestId('devnet-chat-reply');
    expect(within(reply).getByText(`Your chat user ID is ${NEWCOMER}`)).toBeTruthy();
    expect(within(reply).getByText('Only you can see this', { exact: false })).toBeTruthy();
    expect(bodiesSentTo(fetchSpy, '/api/devnet/chat/my-id')).toEqual([{ user_id: NEWCOMER }]);
    await userEvent.click(within(reply).getByRole('button', { name: 'Copy ID' }));
    expect(writeText).toHaveBeenCalledWith(NEWCOMER);
    expect(within(reply).getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('is the same person on the next visit, switches DMs, and shows the DMs as they arrive', async () => {
    localStorage.setItem(CHAT_PERSON_KEY, ALICE);
    const { state, fetchSpy } = stubChatServer();
    renderInApp(<DevnetChatPage />, { path: '/devnet-chat' });
    expect((await screen.findByTestId('devnet-chat-username')).textContent).toBe('alice');
    expect(bodiesSentTo(fetchSpy, '/api/devnet/chat/users')).toEqual([{ user_id: ALICE }]);
    expect(await screen.findByText(/No DMs yet/)).toBeTruthy();

    const dms = screen.getByRole('switch', { name: 'Allow DMs from the bot' });
    expect(dms.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(dms);
    await waitFor(() => expect(dms.getAttribute('aria-checked')).toBe('false'));
    expect(bodiesSentTo(fetchSpy, '/api/devnet/chat/dms')).toEqual([{ user_id: ALICE, open: false }]);

    const sent = new Date(2030, 0, 2, 3, 4, 5).getTime();
    state.dms = [
      { id: '2', content: 'Floor price: CryptoPunks crossed 40 ETH', created_at: sent },
      { id: '1', content: 'FloorDesk test DM', created_at: sent - 60_000 },
    ];
    const list = await screen.findByTestId('devnet-chat-dm-list');
    const items = within(list).getAllByTestId('devnet-chat-dm');
    expect(items.map((item) => item.textContent)).toEqual([
      'FloorDesk bot2030-01-02 03:04:05Floor price: CryptoPunks crossed 40 ETH',
      'FloorDesk bot2030-01-02 03:03:05FloorDesk test DM',
    ]);
  });

  it('becomes a new person when the kept one is no longer known (a devnet reset)', async () => {
    localStorage.setItem(CHAT_PERSON_KEY, '199999999999999999');
    const { fetchSpy } = stubChatServer();
    renderInApp(<DevnetChatPage />, { path: '/devnet-chat' });
    expect((await screen.findByTestId('devnet-chat-username')).textContent).toBe('newcomer');
    expect(bodiesSentTo(fetchSpy, '/api/devnet/chat/users')).toEqual([{ user_id: '199999999999999999' }, {}]);
    expect(localStorage.getItem(CHAT_PERSON_KEY)).toBe(NEWCOMER);
  });

  it('says there is no devnet chat off the devnet, and calls nothing of it', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const { fetchSpy } = stubChatServer({ devnet: false });
    renderInApp(<DevnetChatPage />, { path: '/devnet-chat' });
    expect((await screen.findByTestId('devnet-chat-unavailable')).textContent).toBe(
      '只有当 FloorDesk 运行自己的开发网时才有开发网聊天。',
    );
    expect(fetchSpy.mock.calls.some(([input]) => String(input).includes('/api/devnet/'))).toBe(false);
  });
});
