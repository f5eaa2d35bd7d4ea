import { COLLECTIONS, type CollectionSpec, type DevnetManifest, devnetAccount } from '@floordesk/devnet';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { devnetCalendar, withDevnetPremium } from './devnet';
import { testConfig } from './testing/server';

describe('the devnet composed into the server', () => {
  it('makes the devnet people accounts premium when PREMIUM_ADDRESSES is unset, and only then', () => {
    const people = [0, 1, 2, 3, 4].map((index) => devnetAccount(index).address.toLowerCase());
    expect([...(withDevnetPremium(loadConfig({})).premiumAddresses ?? [])]).toEqual(people);
    const chosen = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    expect([...(withDevnetPremium(loadConfig({ PREMIUM_ADDRESSES: chosen })).premiumAddresses ?? [])]).toEqual([
      chosen,
    ]);
    // Tests use the same accounts and decide premium themselves.
    expect(testConfig().premiumAddresses).toBeUndefined();
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
