import { DEVNET_ENS_SPOOF, devnetAccount, devnetEnsNames } from '@floordesk/devnet';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookupEnsNames } from '../../chain/ens';
import { useTestDatabase } from '../../testing/database';
import { useTestDevnet } from '../../testing/devnet';
import { testClock } from '../../testing/server';
import { ENS_CACHE_MS, ensName, ensNames } from './service';

const database = useTestDatabase();
const devnet = useTestDevnet();
const clock = testClock();
const named = [...devnetEnsNames()];
const [alice, aliceName] = named[0] as [string, string];
/** The people account left without a name. */
const nameless = devnetAccount(4).address.toLowerCase();
const spoofer = devnetAccount(DEVNET_ENS_SPOOF.account).address.toLowerCase();

let ctx: Parameters<typeof ensNames>[0];
beforeAll(() => {
  ctx = { db: database().db, chain: devnet().chain, now: clock.now };
});

describe('ENS names', () => {
  it('reads a name from the reverse record only when its forward record points back', async () => {
    const names = await lookupEnsNames(devnet().chain, [alice.toLowerCase(), nameless, spoofer]);
    expect(names).toEqual(
      new Map([
        [alice.toLowerCase(), aliceName],
        [nameless, null],
        [spoofer, null],
      ]),
    );
    expect(aliceName).toBe('alice.eth');
  });

  it('names every named devnet account, people and bots alike', async () => {
    const names = await lookupEnsNames(
      devnet().chain,
      named.map(([address]) => address.toLowerCase()),
    );
    expect([...names.values()]).toEqual(named.map(([, name]) => name));
  });

  it('answers from the cache once looked up, until it is stale', async () => {
    expect(await ensName(ctx, alice)).toBe(aliceName);
    const offline = { db: database().db, now: clock.now };
    expect(await ensName(offline, alice)).toBe(aliceName);

    await database().pool.query(`update ens_names set name = 'stale.eth' where address = $1`, [alice.toLowerCase()]);
    expect(await ensName(ctx, alice)).toBe('stale.eth');
    clock.advance(ENS_CACHE_MS + 1000);
    expect(await ensName(ctx, alice)).toBe(aliceName);
  });

  it('answers null for an address nobody looked up when the chain is not there, and writes nothing', async () => {
    const offline = { db: database().db, now: clock.now };
    expect(await ensNames(offline, [nameless.toUpperCase().replace('0X', '0x')])).toEqual(new Map([[nameless, null]]));
    const { rows } = await database().pool.query('select 1 from ens_names where address = $1', [nameless]);
    expect(rows).toEqual([]);
  });
});
