import type { LiveConnectionData } from '@floordesk/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveConnection, type LiveClientHandlers, type LiveConnectionDeps } from './live-connection';

function info(n: number): LiveConnectionData {
  return {
    instanceId: 'floordesk',
    host: 'ws://127.0.0.1:8080/mqtt',
    groupId: 'users',
    clientId: `fd-client-${n}`,
    topic: 'users/0xabc/events',
    username: '0xabc',
    password: `secret-${n}`,
    expires_at: 0,
  };
}

/** A broker stand-in: records every client the manager opens, which the test then accepts, loses or ends. */
function harness(overrides: Partial<LiveConnectionDeps> = {}) {
  let issued = 0;
  const clients: Array<{ info: LiveConnectionData; handlers: LiveClientHandlers; ended: boolean }> = [];
  const messages: string[] = [];
  let online = true;
  const deps: LiveConnectionDeps = {
    fetchInfo: vi.fn<LiveConnectionDeps['fetchInfo']>(async () => info(++issued)),
    check: vi.fn<LiveConnectionDeps['check']>(async () => 1),
    connect: (connectionInfo, handlers) => {
      const client = { info: connectionInfo, handlers, ended: false };
      clients.push(client);
      return { end: () => (client.ended = true) };
    },
    onMessage: (payload) => messages.push(payload),
    isOnline: () => online,
    ...overrides,
  };
  const connection = createLiveConnection(deps);
  return {
    deps,
    connection,
    clients,
    messages,
    setOnline: (value: boolean) => (online = value),
    open: () => clients.filter((client) => !client.ended),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live channel', () => {
  it('connects with fresh connection info and passes messages on', async () => {
    const live = harness();
    live.connection.start();
    await vi.runOnlyPendingTimersAsync();
    expect(live.open().map((client) => client.info.password)).toEqual(['secret-1']);
    live.clients[0]?.handlers.onReady();
    live.clients[0]?.handlers.onMessage('{"type":66,"data":[]}');
    expect(live.messages).toEqual(['{"type":66,"data":[]}']);
  });

  it('retries a failed connection-info fetch after 1 s', async () => {
    const fetchInfo = vi
      .fn<LiveConnectionDeps['fetchInfo']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(info(9));
    const live = harness({ fetchInfo });
    live.connection.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(live.clients).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(live.open().map((client) => client.info.clientId)).toEqual(['fd-client-9']);
  });

  it('on a loss drops the client and reconnects with new credentials, backing off while it keeps failing', async () => {
    const live = harness();
    live.connection.start();
    await vi.runOnlyPendingTimersAsync();
    live.clients[0]?.handlers.onLost();
    expect(live.open()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(live.open().map((client) => client.info.password)).toEqual(['secret-2']);
    live.clients[1]?.handlers.onLost();
    await vi.advanceTimersByTimeAsync(1000);
    expect(live.open()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(live.open().map((client) => client.info.password)).toEqual(['secret-3']);
    // A stale client's late events change nothing.
    live.clients[0]?.handlers.onMessage('late');
    live.clients[0]?.handlers.onLost();
    expect(live.messages).toEqual([]);
    expect(live.open()).toHaveLength(1);
  });

  it('asks the server when the page is visible again and reconnects only on flag 0', async () => {
    const check = vi.fn<LiveConnectionDeps['check']>().mockResolvedValueOnce(1).mockResolvedValueOnce(0);
    const live = harness({ check });
    live.connection.start();
    await vi.runOnlyPendingTimersAsync();
    await live.connection.checkAlive();
    expect(check).toHaveBeenLastCalledWith('fd-client-1');
    expect(live.open().map((client) => client.info.clientId)).toEqual(['fd-client-1']);
    await live.connection.checkAlive();
    await vi.runOnlyPendingTimersAsync();
    expect(live.open().map((client) => client.info.clientId)).toEqual(['fd-client-2']);
  });

  it('disconnects offline and connects again online; sign-out ends it for good', async () => {
    const live = harness();
    live.connection.start();
    await vi.runOnlyPendingTimersAsync();
    live.setOnline(false);
    live.connection.goOffline();
    expect(live.open()).toHaveLength(0);
    live.setOnline(true);
    live.connection.goOnline();
    await vi.runOnlyPendingTimersAsync();
    expect(live.open()).toHaveLength(1);

    live.connection.stop();
    expect(live.open()).toHaveLength(0);
    live.clients.at(-1)?.handlers.onLost();
    await vi.advanceTimersByTimeAsync(60_000);
    await live.connection.checkAlive();
    expect(live.open()).toHaveLength(0);
    expect(live.deps.fetchInfo).toHaveBeenCalledTimes(2);
  });
});
