import { rankTierCode } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { tokenTier } from './token-tier';

describe('a token tier from the wire', () => {
  it('names a known flag, and shows no tier for an unranked token or a code no table knows', () => {
    expect(tokenTier(rankTierCode('legendary'))).toBe('legendary');
    expect([tokenTier(null), tokenTier(0), tokenTier(5)]).toEqual([null, null, null]);
  });
});
