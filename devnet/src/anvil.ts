import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { DEVNET_CHAIN_ID } from '@floordesk/protocol';
import { DEVNET_ACCOUNT_COUNT, DEVNET_MNEMONIC } from './accounts';

export type AnvilOptions = {
  /** Load the chain from this file at start and write it back on exit (and every `stateInterval` seconds). */
  stateFile?: string;
  stateIntervalSeconds?: number;
  port?: number;
  /** The devnet's own unless given: a chain that stands in for another (mainnet's 1) carries that one's id. */
  chainId?: number;
};

export type Anvil = {
  rpcUrl: string;
  process: ChildProcess;
  /** SIGTERM (anvil writes its state file), then SIGKILL if it has not exited within 5 s. */
  stop(): Promise<void>;
};

const require = createRequire(import.meta.url);

/**
 * Starts anvil on a free port. The binary is spawned by path from @foundry-rs/anvil's linux-x64 package: that
 * package arrives as an optional dependency and works without the wrapper's postinstall script (which npm does not
 * run unless allowed), and with no Node wrapper in between, the SIGTERM of `stop` reaches anvil itself, which writes
 * its state file on it. It starts automining; the devnet switches to interval mining once it is ready, so a mempool
 * exists between blocks.
 */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const binary = require.resolve('@foundry-rs/anvil-linux-amd64/bin/anvil');
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(options.chainId ?? DEVNET_CHAIN_ID),
    '--mnemonic',
    DEVNET_MNEMONIC,
    '--accounts',
    String(DEVNET_ACCOUNT_COUNT),
    '--balance',
    '10000',
    // Our collections and sweeps are big; mainnet's 30M limit would still fit, 60M leaves the deploy room.
    '--gas-limit',
    '60000000',
  ];
  if (options.stateFile) {
    args.push('--state', options.stateFile);
    if (options.stateIntervalSeconds) args.push('--state-interval', String(options.stateIntervalSeconds));
  }
  // A group of its own: a Ctrl-C at the terminal reaches the whole foreground group, and the chain must outlive the
  // roles that read it while they stop; its owner stops it, and our exit ends it.
  const child = spawn(binary, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on ([\d.]+:\d+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        // Keep draining so a full pipe never blocks anvil.
        child.stdout.resume();
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`anvil exited with code ${code} before listening:\n${output}`)));
  });
  child.stderr.resume();
  return {
    rpcUrl,
    process: child,
    stop: () => stopProcess(child),
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
