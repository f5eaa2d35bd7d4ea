import { execFileSync } from 'node:child_process';
import { cp } from 'node:fs/promises';
import net from 'node:net';
import { endpoints } from '@floordesk/protocol';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { temporaryDataDir } from './db/embedded';
import { failures, type MainProcess, startMain } from './testing/main-process';

/**
 * `npm start` as a person runs it (the server's main, its embedded PostgreSQL, the devnet, the bots, every role),
 * stopped by a signal while it works: requests in flight, a broker connection, a client that never finishes its
 * request, blocks being mined and indexed, jobs running. Everything must stop, in order, with exit code 0, in 10 s.
 */
const STOP_LIMIT_MS = 10_000;
const START_LIMIT_MS = 240_000;

let started: (MainProcess & { dataDir: string }) | undefined;
let removeDir: (() => Promise<void>) | undefined;

afterEach(async () => {
  await started?.kill();
  started = undefined;
  await removeDir?.();
});

/** Starts main.ts on a copy of the deployed devnet snapshot, and resolves once it prints its address. */
async function startServer(): Promise<MainProcess & { dataDir: string }> {
  const dir = await temporaryDataDir();
  removeDir = dir.remove;
  await cp(inject('devnetSnapshotDir'), dir.path, { recursive: true });
  const main = await startMain(
    {
      DATA_DIR: dir.path,
      LOG_LEVEL: 'info',
      // The bots at a brisk pace, so blocks, listings and jobs are in flight when the signal comes.
      SIMULATOR: 'on',
      SIMULATOR_RATE: '600',
    },
    // Its own embedded PostgreSQL and devnet, as `npm start` without configuration.
    ['DATABASE_URL', 'RPC_URL', 'MQTT_URL', 'PUBLIC_ORIGIN', 'ROLES'],
  );
  return { ...main, dataDir: dir.path };
}

/** A socket that has sent `request` and resolves when the server closes it. */
function openSocket(origin: string, request: string): Promise<void> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    socket.on('error', () => {});
    socket.on('close', () => resolve());
    socket.resume();
  });
}

describe('main, stopped by a signal while it works', () => {
  // Ctrl-C in a terminal signals every process of the foreground group; a supervisor's SIGTERM reaches main alone.
  for (const [signal, to] of [
    ['SIGINT', 'its process group'],
    ['SIGTERM', 'its main process'],
  ] as const) {
    it(
      `exits 0 within 10 s of ${signal} to ${to}, answering or closing every socket and leaving no database or chain behind`,
      async () => {
        started = await startServer();
        const { origin, child, dataDir, lines } = started;
        // Work in flight: reads across the API, an idle broker connection, a request that never finishes its headers.
        const reads = [endpoints.marketSummary, endpoints.floorHistories, endpoints.calendar, endpoints.gasPrice]
          .flatMap((route) => Array.from({ length: 5 }, () => route.path))
          .map((url) =>
            fetch(`${origin}${url}`).then(
              (response) => response.status,
              () => 'closed' as const,
            ),
          );
        const broker = openSocket(
          origin,
          'GET /mqtt HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
            'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: mqtt\r\n\r\n',
        );
        const halfSent = openSocket(origin, 'GET /api/app/config HTTP/1.1\r\nHost: x\r\n');
        await new Promise((resolve) => setTimeout(resolve, 100));

        const signalled = performance.now();
        if (to === 'its process group') process.kill(-(child.pid as number), signal);
        else child.kill(signal);
        const exit = await started.exited;
        const stopMs = performance.now() - signalled;

        expect(exit).toEqual({ code: 0, signal: null });
        expect(stopMs).toBeLessThan(STOP_LIMIT_MS);
        // Each read was answered (never a 5xx) or its socket closed; the other two sockets were closed.
        const outcomes = await Promise.all(reads);
        expect(outcomes.filter((outcome) => outcome !== 'closed' && outcome >= 500)).toEqual([]);
        await Promise.all([broker, halfSent]);
        expect(failures(lines)).toEqual([]);
        expect(lines.some((line) => line.includes('"msg":"stopping"'))).toBe(true);
        // The embedded PostgreSQL and anvil run in process groups of their own: they must have been stopped too.
        const leftBehind = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
          .split('\n')
          .filter((line) => line.includes(dataDir));
        expect(leftBehind).toEqual([]);
      },
      START_LIMIT_MS + 60_000,
    );
  }
});
