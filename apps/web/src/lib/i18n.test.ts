import { describe, expect, it } from 'vitest';
import alertsEn from '../locales/alerts/en.json';
import alertsZh from '../locales/alerts/zh.json';
import mainEn from '../locales/en.json';
import mainZh from '../locales/zh.json';

// Both files of a language, as i18n holds them once the alert texts have loaded.
const en = { ...mainEn, ...alertsEn };
const zh = { ...mainZh, ...alertsZh };

type Tree = { [key: string]: string | Tree };

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
  it("keeps the alert texts apart from the first page's, without overlap", () => {
    expect(Object.keys(alertsEn).filter((key) => key in mainEn)).toEqual([]);
  });

  it('gives English and Chinese the same keys', () => {
    expect(keys(zh)).toEqual(keys(en));
  });

  it('leaves no text empty in either language', () => {
    const empty = [...leaves(en), ...leaves(zh)].filter(([, value]) => !value.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const chinese = new Map(leaves(zh));
    const mismatched = leaves(en)
      .filter(([key, value]) => placeholders(chinese.get(key) ?? '') !== placeholders(value))
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});
