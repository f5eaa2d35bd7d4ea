import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const MOSQUITTO = '/usr/sbin/mosquitto';
const DYNSEC_PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

export type TestMosquitto = {
  /** The administrator's connection (loopback TCP), credentials included: what MQTT_URL holds. */
  adminUrl: URL;
  /** Where browsers connect (WebSocket). */
  wsUrl: string;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Debian's Mosquitto with the dynamic-security plugin, on free ports, in a temporary directory: a loopback TCP
 * listener for the server (a websockets listener alone does not start) and a websockets listener for clients. Its
 * dynsec file is initialised with an administrator by `mosquitto_ctrl`, as an operator would.
 */
export async function startMosquitto(): Promise<TestMosquitto> {
  const dir = await mkdtemp(path.join(tmpdir(), 'floordesk-mosquitto-'));
  const [tcpPort, wsPort] = [await freePort(), await freePort()];
  const dynsec = path.join(dir, 'dynamic-security.json');
  const password = 'admin-secret';
  await promisify(execFile)('mosquitto_ctrl', ['dynsec', 'init', dynsec, 'admin', password]);
  const config = path.join(dir, 'mosquitto.conf');
  await writeFile(
    config,
    [
      // Run as root, Mosquitto drops to its own user, which cannot write our temporary directory; stay ourselves.
      `user ${userInfo().username}`,
      'per_listener_settings false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${dynsec}`,
      `listener ${tcpPort} 127.0.0.1`,
      `listener ${wsPort}`,
      'protocol websockets',
      'persistence false',
      'log_type error',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(MOSQUITTO, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForPort(
    tcpPort,
    () => child.exitCode !== null,
    () => stderr,
  );
  return {
    adminUrl: new URL(`mqtt://admin:${password}@127.0.0.1:${tcpPort}`),
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, died: () => boolean, log: () => string): Promise<void> {
  const { connect } = await import('node:net');
  for (let attempt = 0; attempt < 100; attempt++) {
    if (died()) throw new Error(`mosquitto exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`mosquitto did not listen on ${port}: ${log()}`);
}
