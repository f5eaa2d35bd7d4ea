import { alertProblems, type AlertDetail } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { draftOfDetail, inputOf, localInputOf, newDraft, shownTitle, unixOfLocalInput } from './alert-draft';
import { floorAlert, trendingAlert } from './test-fixtures';

describe('alert drafts', () => {
  it('starts a new alert from the defaults, with a row to fill in where the type has rows', () => {
    expect(newDraft(301).prices).toHaveLength(1);
    expect(newDraft(202).wallets).toHaveLength(1);
    expect(newDraft(101)).toMatchObject({ id: null, dm_limit: '10', interval: '15', threshold: '10', enabled: true });
  });

  it('gives back what was saved when a saved alert is opened and saved unchanged', () => {
    const saved: AlertDetail[] = [
      floorAlert(),
      trendingAlert(),
      {
        type: 202,
        id: 4,
        title: 'Bob lists',
        enabled: true,
        dm_limit: 3,
        qb_address2: [{ address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', nickname: 'Bob' }],
        coll_name: null,
        coll_img: null,
        create_time: 1,
      },
      {
        type: 303,
        id: 5,
        title: 'Whale',
        enabled: true,
        dm_limit: 1,
        address: '0xb47e3cd837ddf8e4c57f05d70ab865de6e1bbbbb',
        interval: 240,
        owned_count: 50,
        listing_count: 5,
        coll_name: 'Punks',
        coll_img: null,
        create_time: 1,
      },
      {
        type: 401,
        id: 6,
        title: 'Mint',
        enabled: true,
        dm_limit: 60,
        custom_time_value: 4_102_444_800,
        lead_minutes: 0,
        coll_name: null,
        coll_img: null,
        create_time: 1,
      },
    ];
    for (const alert of saved) {
      const input: Record<string, unknown> = { ...alert };
      for (const shownOnly of ['coll_name', 'coll_img', 'create_time']) delete input[shownOnly];
      expect(inputOf(draftOfDetail(alert))).toEqual(input);
    }
  });

  it('sends empty numbers as not-a-number, so the shared rules word them instead of reading 0', () => {
    const draft = {
      ...newDraft(302),
      title: 'x',
      address: '0xb47e3cd837ddf8e4c57f05d70ab865de6e1bbbbb',
      threshold: '',
    };
    expect(inputOf(draft)).toMatchObject({ threshold: Number.NaN });
    expect(alertProblems(inputOf(draft), 0).map((problem) => problem.field)).toEqual(['threshold']);
  });

  it('turns pasted control characters in names into spaces, which the server would refuse', () => {
    const draft = {
      ...newDraft(201),
      title: ' Smart\tmoney\n',
      wallets: [{ key: 1, address: ' 0xabc ', nickname: 'Bob\u0000' }],
    };
    expect(inputOf(draft)).toMatchObject({
      title: 'Smart money',
      qb_address2: [{ address: '0xabc', nickname: 'Bob' }],
    });
  });

  it('reads a datetime-local value in local time, with or without seconds, and 0 for anything else', () => {
    expect(unixOfLocalInput('2030-07-08T09:10')).toBe(new Date(2030, 6, 8, 9, 10).getTime() / 1000);
    expect(unixOfLocalInput('2030-07-08T09:10:11')).toBe(new Date(2030, 6, 8, 9, 10, 11).getTime() / 1000);
    expect(unixOfLocalInput('')).toBe(0);
    expect(unixOfLocalInput('tomorrow')).toBe(0);
    expect(localInputOf(new Date(2030, 6, 8, 9, 10).getTime() / 1000)).toBe('2030-07-08T09:10');
  });

  it('cuts titles to 100 characters, counting characters rather than UTF-16 units', () => {
    expect(shownTitle('a'.repeat(100))).toBe('a'.repeat(100));
    expect(shownTitle('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`);
    expect(shownTitle('🐋'.repeat(100))).toBe('🐋'.repeat(100));
    expect(shownTitle('🐋'.repeat(101))).toBe(`${'🐋'.repeat(100)}…`);
  });
});
