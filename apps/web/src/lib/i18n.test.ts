import { describe, expect, it } from 'vitest';
import mainEn from '../locales/en.json';
import mainZh from '../locales/zh.json';

type Tree = { [key: string]: string | Tree };

/** The texts screens load with their chunks (alerts, billing, trial…), one folder each, by language. */
const lazy = (lang: 'en' | 'zh'): Record<string, Tree> =>
  Object.fromEntries(
    Object.entries(import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' }))
      .filter(([file]) => file.endsWith(`/${lang}.json`))
      .map(([file, texts]) => [file.split('/').at(-2) ?? file, texts]),
  );
const lazyEn = lazy('en');
const lazyZh = lazy('zh');

// Every file of a language, as i18n holds them once every screen has loaded.
const en: Tree = Object.assign({}, mainEn, ...Object.values(lazyEn));
const zh: Tree = Object.assign({}, mainZh, ...Object.values(lazyZh));

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

function keys(tree: Tree): string[] {
  return leaves(tree)
    .map(([key]) => key)
    .toSorted();
}

function placeholders(text: string): string {
  return [...text.matchAll(/{{(\w+)}}/g)]
    .map((match) => match[1])
    .toSorted()
    .join(',');
}

describe('locales', () => {
  it("keeps each screen's lazily loaded texts apart from the first page's and from each other's", () => {
    const tops = [mainEn, ...Object.values(lazyEn)].flatMap((texts) => Object.keys(texts));
    expect(Object.keys(lazyEn)).toEqual(expect.arrayContaining(['alerts', 'billing', 'legal', 'trial', 'whats-new']));
    expect(tops.filter((key, i) => tops.indexOf(key) !== i)).toEqual([]);
  });

  it('gives English and Chinese the same keys', () => {
    expect(keys(zh)).toEqual(keys(en));
  });

  it('leaves no text empty in either language', () => {
    const empty = [...leaves(en), ...leaves(zh)].filter(([, value]) => !value.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('writes the billing texts in Chinese in Chinese', () => {
    const untranslated = leaves(lazyZh.billing ?? {}).filter(([, value]) => !/[\u4e00-\u9fff]/.test(value));
    expect(untranslated).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const chinese = new Map(leaves(zh));
    const mismatched = leaves(en)
      .filter(([key, value]) => placeholders(chinese.get(key) ?? '') !== placeholders(value))
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
