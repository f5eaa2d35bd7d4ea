import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runScript } from '../../testing/run-script';

/** The CLI as a user starts it: its own process, in a folder of the user's, files named relative to it. */
async function rarity(cwd: string, ...args: string[]) {
  return runScript('apps/server/src/market/rarity/cli.ts', args, { cwd, env: { ...process.env, INIT_CWD: cwd } });
}

let folder: string;

const token = (id: string, fur: string, extra: object[] = []) => ({
  token_id: id,
  attributes: [{ trait_type: 'Fur', value: fur }, ...extra],
});

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'rarity-cli-'));
  await writeFile(
    path.join(folder, 'apes.json'),
    JSON.stringify([
      token('1', 'Robot', [{ trait_type: 'Level', value: 5, display_type: 'number' }]),
      token('2', 'Gold'),
      token('3', 'robot '),
      token('4', 'Brown'),
    ]),
  );
  await writeFile(
    path.join(folder, 'broken.json'),
    JSON.stringify([token('1', 'Robot'), { token_id: '2', attributes: [{ trait_type: 'Fur', value: null }] }]),
  );
});

describe('npm run rarity', () => {
  it('prints the ranks of a marketplace JSON file, rarest first, as JSON on stdout', async () => {
    const { code, stdout } = await rarity(folder, 'apes.json');
    expect(code).toBe(0);
    const ranked = JSON.parse(stdout) as { token_id: string; rank: number; score: number; tier: string }[];
    // Robot (1 and 3, written two ways) is the one common fur; 1's number trait makes its trait count unique and
    // rarer than 2's and 4's unique furs. 2 and 4 tie, in the order they came.
    expect(ranked.map(({ token_id, rank, tier }) => [token_id, rank, tier])).toEqual([
      ['1', 1, 'classic'],
      ['2', 2, 'ordinary'],
      ['4', 2, 'ordinary'],
      ['3', 4, 'ordinary'],
    ]);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[3]!.score);
  });

  it('names the wrong entry on stderr and exits with 1', async () => {
    const { code, stdout, stderr } = await rarity(folder, 'broken.json');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('entry 1 (token_id "2"): attributes[0].value must be a string or a number');
  });

  it('says so when the file cannot be read, and how to call it without a file', async () => {
    expect(await rarity(folder, 'missing.json')).toMatchObject({ code: 1, stderr: expect.stringContaining('ENOENT') });
    expect(await rarity(folder)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('usage: npm run -s rarity'),
    });
  });

  it('pipes through npm run -s: nothing but the JSON on stdout', async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', '--prefix', ROOT, 'rarity', '--', 'apes.json'], {
      cwd: folder,
    });
    expect(JSON.parse(stdout)).toHaveLength(4);
  });
});
