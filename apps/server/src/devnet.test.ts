import { privateKeyToAccount } from 'viem/accounts';
import { ACCOUNT_PLAN, COLLECTIONS, type CollectionSpec, type DevnetManifest, devnetAccount } from '@floordesk/devnet';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { devnetCalendar, devnetPromotions, withDevnetSubscriptions } from './devnet';
import { testConfig } from './testing/server';

describe('the devnet composed into the server', () => {
  it("signs quotes with the devnet's quote-signer key unless QUOTE_SIGNER_KEY names another, and grants no premium", () => {
    const config = withDevnetSubscriptions(loadConfig({}));
    const key = config.subscriptions.quoteSignerKey;
    expect(key && privateKeyToAccount(key).address).toBe(devnetAccount(ACCOUNT_PLAN.quoteSigner).address);
    const own = `0x${'11'.repeat(32)}` as const;
    expect(withDevnetSubscriptions(loadConfig({ QUOTE_SIGNER_KEY: own })).subscriptions.quoteSignerKey).toBe(own);
    // Premium comes from payments now: account 0's, made when the devnet was deployed.
    expect(config.premiumAddresses).toBeUndefined();
    expect(testConfig().subscriptions.quoteSignerKey).toBeUndefined();
  });

  it('seeds one live sale and one ended, whatever the day it starts', () => {
    const now = new Date('2031-07-01T12:00:00Z');
    const seconds = now.getTime() / 1000;
    const [live, ended] = devnetPromotions(now);
    expect(live?.starts_at).toBeLessThanOrEqual(seconds);
    expect(live?.ends_at).toBeGreaterThan(seconds);
    expect(ended?.ends_at).toBeLessThanOrEqual(seconds);
    expect((ended?.ends_at ?? 0) - (ended?.starts_at ?? 0)).toBe(72 * 3600);
  });

  it('gives the calendar the address of a deployed collection, lowercased, and none to upcoming projects', () => {
    const hidden = COLLECTIONS.find((spec) => spec.revealAfterMs !== undefined) as CollectionSpec;
    const address = '0x00000000000000000000000000000000000000Ab';
    const manifest = {
      createdAt: '2030-01-01T00:00:00Z',
      collections: [{ slug: hidden.slug, address, standard: hidden.standard }],
    } as Partial<DevnetManifest> as DevnetManifest;

    const events = devnetCalendar(manifest, 'http://127.0.0.1:8080');

    const reveal = `${hidden.slug}:reveal`;
    expect(events.find((event) => event.key === reveal)?.collection).toBe(address.toLowerCase());
    const upcoming = events.filter((event) => event.key !== reveal);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((event) => event.collection === null)).toBe(true);
  });
});
