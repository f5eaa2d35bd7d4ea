import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createTestClient, http, publicActions, walletActions } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll } from 'vitest';

export type TestChain = ReturnType<typeof connect>;

/**
 * Gives the calling test file its own empty anvil, ready from `beforeAll` on (register it before the file's own
 * `beforeAll`). The devnet package owns the real launcher but depends on this one, so this stays a test helper.
 */
export function useTestAnvil(): () => TestChain {
  let anvil: ChildProcess | undefined;
  let client: TestChain | undefined;
  beforeAll(async () => {
    // The devnet workspace installs anvil; it is hoisted to the repository's node_modules.
    const binary = createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/bin/anvil');
    anvil = spawn(binary, ['--host', '127.0.0.1', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    client = connect(await listeningUrl(anvil));
  });
  afterAll(() => {
    anvil?.kill();
  });
  return () => {
    if (!client) throw new Error('useTestAnvil: the chain is ready from beforeAll on');
    return client;
  };
}

function connect(url: string) {
  return createTestClient({ mode: 'anvil', chain: foundry, transport: http(url), pollingInterval: 50 })
    .extend(publicActions)
    .extend(walletActions);
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const address = /Listening on (\S+)/.exec(output)?.[1];
      if (!address) return;
      // Keep draining stdout so that anvil never blocks on a full pipe.
      child.stdout?.off('data', onData).resume();
      resolve(`http://${address}`);
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`anvil exited with ${code}:\n${output}`)));
  });
}
