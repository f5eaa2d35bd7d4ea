import {
  ALERT_FAMILY_LABELS,
  type AlertDetail,
  type AlertInput,
  type AlertListItem,
  alertFamily,
  type ChatSettingsData,
  type SearchResult,
  Status,
} from '@floordesk/protocol';
import { sessionStore } from '../../stores/session-store';
import { ok, stubApi } from '../../test/render-in-app';

export const ME = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
export const PUNKS = '0xb47e3cd837ddf8e4c57f05d70ab865de6e1bbbbb';
export const CHAT_ID = '123456789012345678';

export function signIn() {
  sessionStore.getState().signIn({ token: ME, sign_num: 'secret' });
}

export function chatSettings(overrides: Partial<ChatSettingsData> = {}): ChatSettingsData {
  return {
    chat_id: CHAT_ID,
    test_time: 1_764_000_000,
    reachable: true,
    discord_url: 'https://discord.gg/floordesk',
    command: 'my-id',
    ...overrides,
  };
}

/** A saved floor alert (type 301) with two trigger prices. */
export function floorAlert(overrides: Partial<AlertDetail> = {}): AlertDetail {
  return {
    type: 301,
    id: 7,
    title: 'Punks floor',
    enabled: true,
    dm_limit: 12,
    address: PUNKS,
    price_list: ['40', '45.5'],
    coll_name: 'CryptoPunks',
    coll_img: null,
    create_time: 1_764_000_000,
    ...overrides,
  } as AlertDetail;
}

/** A saved trade-trending alert (type 101). */
export function trendingAlert(overrides: Partial<AlertDetail> = {}): AlertDetail {
  return {
    type: 101,
    id: 3,
    title: 'Hot mints',
    enabled: false,
    dm_limit: 10,
    interval: 15,
    threshold: 25,
    watchlist_only: true,
    coll_name: null,
    coll_img: null,
    create_time: 1_763_900_000,
    ...overrides,
  } as AlertDetail;
}

function listItemOf(alert: AlertDetail): AlertListItem {
  return { ...alert, txt: ALERT_FAMILY_LABELS[alertFamily(alert.type)].en };
}

export type AlertServer = {
  alerts: AlertDetail[];
  chat: ChatSettingsData;
  search: SearchResult[];
  devnet: boolean;
};

/**
 * The alert endpoints as the server answers them, over `state` (which the test may read and change): saves and
 * deletes change the list, a new chat id must be tested again, a test records its time.
 */
export function stubAlertServer(initial: Partial<AlertServer> = {}) {
  const state: AlertServer = { alerts: [], chat: chatSettings(), search: [], devnet: false, ...initial };
  let nextId = 100;
  const fetchSpy = stubApi((url, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    switch (`${init?.method ?? 'GET'} ${url.pathname}`) {
      case 'GET /api/alerts':
        return ok({ list: state.alerts.map(listItemOf), limit: 50 });
      case 'GET /api/alerts/detail': {
        const info = state.alerts.find((alert) => alert.id === Number(url.searchParams.get('id')));
        return info ? ok({ info }) : { status: Status.AlertNotFound, msg: 'Alert not found.', data: null };
      }
      case 'POST /api/alerts': {
        const input = body as AlertInput;
        const id = input.id ?? nextId++;
        const saved = { coll_name: null, coll_img: null, create_time: 1_764_100_000, ...input, id } as AlertDetail;
        state.alerts = [saved, ...state.alerts.filter((alert) => alert.id !== id)];
        return { status: 1, msg: 'Alert saved: it watches from now on.', data: { id } };
      }
      case 'POST /api/alerts/delete':
        state.alerts = state.alerts.filter((alert) => alert.id !== body.id);
        return { status: 1, msg: 'Alert deleted: no more DMs from it.', data: {} };
      case 'GET /api/alerts/chat':
        return ok(state.chat);
      case 'POST /api/alerts/chat': {
        const chatId = String(body.chat_id);
        const same = chatId === state.chat.chat_id;
        state.chat = { ...state.chat, chat_id: chatId, test_time: same ? state.chat.test_time : 0 };
        return { status: 1, msg: 'Chat user ID linked.', data: state.chat };
      }
      case 'POST /api/alerts/chat/test':
        state.chat = { ...state.chat, test_time: 1_764_200_000, reachable: true };
        return { status: 1, msg: 'Test DM sent.', data: state.chat };
      case 'GET /api/search':
        return ok({ list: state.search });
      case 'GET /api/app/config':
        return ok({ chain_id: 31337, chain_name: 'Devnet', devnet_wallet: state.devnet, version: 'test' });
      default:
        throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url.pathname}`);
    }
  });
  return { state, fetchSpy };
}

/** How many calls went to `method path`. */
export function callsTo(fetchSpy: ReturnType<typeof stubApi>, method: string, path: string): number {
  return fetchSpy.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), window.location.origin).pathname === path,
  ).length;
}

/** The JSON bodies posted to `path` (GETs to the same path left out). */
export function postedTo(fetchSpy: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(
      ([input, init]) => init?.method === 'POST' && new URL(String(input), window.location.origin).pathname === path,
    )
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

const two = (value: number) => String(value).padStart(2, '0');

/** The local `YYYY-MM-DD HH:mm:ss` of unix seconds, worked out without the app's date library. */
export function localDateTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}
