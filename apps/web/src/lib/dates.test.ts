import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayjs, formatDate, fromNow } from './dates';
import { i18n } from './i18n';

describe('dates', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    vi.useRealTimers();
  });

  it('formats unix seconds as y-m-d h:i:s', () => {
    const seconds = new Date(2024, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatDate(seconds)).toBe('2024-01-02 03:04:05');
  });

  it('writes relative times in the language the app switches to', async () => {
    vi.useFakeTimers({ now: new Date(2024, 0, 1, 12, 0, 0) });
    const threeMinutesAgo = Date.now() / 1000 - 180;
    expect(fromNow(threeMinutesAgo)).toBe('3 minutes ago');
    await act(() => i18n.changeLanguage('zh'));
    expect(fromNow(threeMinutesAgo)).toBe('3 分钟前');
    expect(dayjs(new Date(2024, 2, 1)).format('dddd')).toBe('星期五');
  });

  it('speaks the language the app already has when it loads after the switch', async () => {
    vi.useFakeTimers({ now: new Date(2024, 0, 1, 12, 0, 0) });
    vi.resetModules();
    (await import('./i18n')).initI18n('zh');
    const late = await import('./dates');
    expect(late.fromNow(Date.now() / 1000 - 180)).toBe('3 分钟前');
  });
});
