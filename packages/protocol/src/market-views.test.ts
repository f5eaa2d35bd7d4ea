import { describe, expect, it } from 'vitest';
import { SearchQuery, TrendingQuery } from './market-views';

describe('SearchQuery', () => {
  it('refuses control characters (a NUL byte first: PostgreSQL cannot store it) with the keyword message', () => {
    for (const q of ['moon\u0000', '\u0000', 'a\u0007b', 'a\nb', 'a\u009bb']) {
      expect(SearchQuery.safeParse({ q }).error?.issues.map((issue) => issue.message)).toEqual([
        'Please enter correct key words.',
      ]);
    }
  });

  it('still takes names with spaces, symbols and any script', () => {
    for (const q of ['Bored Ape', '100% Apes', '猫咪', 'é✓']) expect(SearchQuery.safeParse({ q }).success).toBe(true);
  });
});

describe('windows', () => {
  it('refuses a long text before reading it as minutes', () => {
    expect(TrendingQuery.safeParse({ window: '15' }).success).toBe(true);
    expect(TrendingQuery.safeParse({ window: `${'0'.repeat(5000)}15` }).error?.issues).toHaveLength(1);
  });
});
