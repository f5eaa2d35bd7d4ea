import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderInApp } from '../../../test/render-in-app';
import en from '../../../locales/legal/en.json';
import zh from '../../../locales/legal/zh.json';
import LegalPage from './legal-page';

type Section = { heading: string; body: readonly string[]; items?: readonly string[] };

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

afterEach(() => act(() => i18n.changeLanguage('en')));

describe('legal pages', () => {
  it('reads the terms in English, headed sections in order, and in Chinese after a switch', async () => {
    renderInApp(<LegalPage />, { path: '/terms' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service');
    expect(screen.getByText('Last updated: 26 November 2026')).toBeTruthy();
    expect(headings()).toEqual([
      '1. What FloorDesk is',
      '2. No investment advice',
      '3. The risks of NFTs',
      '4. Purchases and sweeps are final',
      '5. Fees',
      '6. Market data',
      '7. Subscriptions and trials',
      '8. Acceptable use',
      '9. Open-source license and no warranty',
      '10. Limitation of liability',
      '11. Changes to these terms',
      '12. Contact',
    ]);
    // The numbers come from the rules they describe.
    expect(screen.getByText(/not a member 7 days of premium, once/)).toBeTruthy();
    expect(screen.getByText(/is valid for 10 minutes/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the Privacy Policy' }).getAttribute('href')).toBe('/policy');

    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('服务条款');
    expect(screen.getByText('最后更新：2026 年 11 月 26 日')).toBeTruthy();
    expect(headings()[0]).toBe('1. FloorDesk 是什么');
    expect(headings()).toHaveLength(12);
    expect(screen.getByText(/体验 7 天高级功能/)).toBeTruthy();
  });

  it('shows the terms at /disclaimer too', () => {
    renderInApp(<LegalPage />, { path: '/disclaimer' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service');
    expect(headings()[0]).toBe('1. What FloorDesk is');
  });

  it('reads the privacy policy in Chinese and English, with the browser storage keys listed', async () => {
    await act(() => i18n.changeLanguage('zh'));
    renderInApp(<LegalPage />, { path: '/policy' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('隐私政策');
    expect(headings()).toContain('4. 浏览器本地存储');
    expect(screen.getByRole('link', { name: '阅读服务条款' }).getAttribute('href')).toBe('/terms');

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(headings()).toEqual([
      '1. Who is responsible for your data',
      '2. What the server stores',
      '3. What it does not store',
      '4. Your browser’s local storage',
      '5. Data sent to third parties',
      '6. The blockchain is public',
      '7. Retention and deletion',
      '8. Changes to this policy',
      '9. Contact',
    ]);
    const storage = screen.getByRole('heading', { name: '4. Your browser’s local storage' }).parentElement!;
    const items = within(storage)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toMatch(/^token and sign_num: /);
  });

  it('has every section in both languages, each with something under its heading', () => {
    for (const doc of ['terms', 'policy'] as const) {
      expect(zh.legal[doc].sections).toHaveLength(en.legal[doc].sections.length);
      const sections: readonly Section[] = [...en.legal[doc].sections, ...zh.legal[doc].sections];
      const bare = sections.filter((section) => section.body.length + (section.items?.length ?? 0) === 0);
      expect(bare.map((section) => section.heading)).toEqual([]);
    }
  });
});
