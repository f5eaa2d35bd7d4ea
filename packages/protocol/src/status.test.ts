import { describe, expect, it } from 'vitest';
import { LANGS, parseLang, Status } from './status';
import { statusMessages } from './status-messages';

describe('status messages', () => {
  it('gives every status code a non-empty message in each language', () => {
    for (const code of Object.values(Status)) {
      for (const lang of LANGS) expect(statusMessages[code][lang].trim()).not.toBe('');
    }
  });

  it('never reuses a code for two meanings', () => {
    const codes = Object.values(Status);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('reads zh-CN, zhCN and zh as Chinese and anything else as English', () => {
    expect(['zh-CN', 'zhCN', 'zh'].map(parseLang)).toEqual(['zh', 'zh', 'zh']);
    expect(['en_US', 'fr', '', undefined, null].map(parseLang)).toEqual(['en', 'en', 'en', 'en', 'en']);
  });
});
