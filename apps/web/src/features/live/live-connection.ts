import { LIVE_INFO_RETRY_MS, type LiveConnectionData } from '@floordesk/protocol';

/** A connected (or connecting) client, as the manager sees it. */
export type LiveClient = { end(): void };

export type LiveClientHandlers = {
  /** The broker accepted the client and its subscription. */
  onReady(): void;
  onMessage(payload: string): void;
  /** Refused, failed, closed or lost: the manager starts over. */
  onLost(): void;
};

export type LiveConnectionDeps = {
  fetchInfo(): Promise<LiveConnectionData>;
  /** The original app's checkmqtt: 0 means reconnect. */
  check(clientId: string): Promise<0 | 1>;
  connect(info: LiveConnectionData, handlers: LiveClientHandlers): LiveClient;
  onMessage(payload: string): void;
  isOnline(): boolean;
};

/** Reconnects back off from 1 s, doubling, to at most this. */
const MAX_RETRY_MS = 30_000;

/**
 * The live channel's life, as the original app ran it: fetch connection info (again 1 s after a failure), connect,
 * subscribe; on any failure or loss drop the client and connect anew with fresh info (credentials are short-lived),
 * backing off; check liveness when the page becomes visible again (0: reconnect); going offline disconnects and
 * coming back online connects. `stop` (sign-out) disconnects for good.
 */
export function createLiveConnection(deps: LiveConnectionDeps) {
  let running = false;
  let client: LiveClient | undefined;
  let clientId: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  /** Bumped whenever a connection attempt is abandoned, so a late answer to it is ignored. */
  let generation = 0;

  const cancelTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const disconnect = () => {
    generation++;
    const current = client;
    client = undefined;
    clientId = undefined;
    current?.end();
  };
  const openLater = (ms: number) => {
    cancelTimer();
    if (running) timer = setTimeout(open, ms);
  };
  const open = async () => {
    timer = undefined;
    if (!running || client || !deps.isOnline()) return;
    const attempt = ++generation;
    let info: LiveConnectionData;
    try {
      info = await deps.fetchInfo();
    } catch {
      if (attempt === generation) openLater(LIVE_INFO_RETRY_MS);
      return;
    }
    if (!running || attempt !== generation) return;
    clientId = info.clientId;
    client = deps.connect(info, {
      onReady: () => {
        if (attempt === generation) failures = 0;
      },
      onMessage: (payload) => {
        if (attempt === generation) deps.onMessage(payload);
      },
      onLost: () => {
        if (attempt !== generation) return;
        disconnect();
        failures++;
        openLater(Math.min(MAX_RETRY_MS, LIVE_INFO_RETRY_MS * 2 ** (failures - 1)));
      },
    });
  };

  return {
    start() {
      if (running) return;
      running = true;
      failures = 0;
      void open();
    },
    stop() {
      running = false;
      cancelTimer();
      disconnect();
    },
    /** The page is visible again: is our client still connected? */
    async checkAlive() {
      if (!running) return;
      if (!clientId) {
        if (!timer) void open();
        return;
      }
      const asked = clientId;
      const flag = await deps.check(asked).catch(() => 1 as const);
      if (flag === 0 && running && clientId === asked) {
        disconnect();
        failures = 0;
        void open();
      }
    },
    goOffline() {
      cancelTimer();
      disconnect();
    },
    goOnline() {
      if (running && !client && !timer) void open();
    },
    get clientId() {
      return clientId;
    },
  };
}

export type LiveConnection = ReturnType<typeof createLiveConnection>;
