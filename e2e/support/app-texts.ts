import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export type Lang = 'en' | 'zh';
type Tree = { [key: string]: string | Tree };

const read = (file: string): Tree =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${file}`, import.meta.url), 'utf8'));

/**
 * The app's own words in both languages, so a journey follows what a user reads: the first page's files and the
 * named lazy folders (`'rarity'` for locales/rarity/). `text(lang, 'a.b', { name })` fills the `{{name}}` slots given.
 */
export function appTexts(...folders: string[]) {
  const locales: Record<Lang, Tree> = {
    en: Object.assign(read('en.json'), ...folders.map((folder) => read(`${folder}/en.json`))),
    zh: Object.assign(read('zh.json'), ...folders.map((folder) => read(`${folder}/zh.json`))),
  };
  return function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
    const value = key
      .split('.')
      .reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], locales[lang]);
    if (typeof value !== 'string') throw new Error(`no text ${key} in ${lang}`);
    // A slot with no value stays as written: a journey may fill it later (`.replace('{{name}}', …)`).
    return value.replace(/{{(\w+)}}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
  };
}

/** Where a journey runs: each language on a desktop and on a phone. */
export const JOURNEYS: readonly { lang: Lang; width: number }[] = [
  { lang: 'en', width: 1440 },
  { lang: 'en', width: 390 },
  { lang: 'zh', width: 1440 },
  { lang: 'zh', width: 390 },
];

/**
 * Sets the page's width and language (chosen as a user does, kept in localStorage); answers how to save a
 * screenshot in `dir` named for both.
 */
export async function viewAs(
  page: Page,
  lang: Lang,
  width: number,
  { dir = '/tmp/shots', fullPage = false }: { dir?: string; fullPage?: boolean } = {},
) {
  await page.setViewportSize({ width, height: 900 });
  if (lang === 'zh') await page.addInitScript(() => localStorage.setItem('lang', 'zhCN'));
  return (name: string) => page.screenshot({ path: `${dir}/${name}-${lang}-${width}.png`, fullPage });
}

/** Nothing wider than the window (a phone never scrolls sideways), and no table cell's text cut off. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await clippedCells(page), 'table cells whose text is cut off').toEqual([]);
}

/**
 * The text of every table cell wider than its box, or holding an element that hides what overflows it (`truncate`).
 * A cut that the element's own title spells out in full is deliberate (a 78-digit token id), and is not counted; so
 * are screen-reader-only texts, which are 1 px boxes by design.
 */
export function clippedCells(page: Page): Promise<string[]> {
  // The helpers run in the page, where nothing from this module exists.
  return page.evaluate(() => {
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const cut = (element: HTMLElement) => element.scrollWidth - element.clientWidth > 1;
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const explained = (element: HTMLElement) =>
      element.title !== '' && element.title.includes((element.textContent ?? '').trim());
    const clipped: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('td, th')) {
      const inside = [...cell.querySelectorAll<HTMLElement>('*')].filter((element) => {
        if (element.offsetWidth <= 1 || !cut(element) || explained(element)) return false;
        const style = getComputedStyle(element);
        return style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      });
      if ((cut(cell) && !explained(cell)) || inside.length > 0) clipped.push((cell.textContent ?? '').trim());
    }
    return clipped;
  });
}
