import { describe, expect, it } from 'vitest';
import en from '../locales/billing/en.json';
import zh from '../locales/billing/zh.json';
import mainEn from '../locales/en.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{(\w+)}}/g)]
    .map((match) => match[1])
    .toSorted()
    .join(',');

describe('billing texts', () => {
  it("stay apart from the first page's texts", () => {
    expect(Object.keys(en).filter((key) => key in mainEn)).toEqual([]);
  });

  it('give English and Chinese the same keys, none empty, with the same placeholders', () => {
    const english = leaves(en);
    const chinese = new Map(leaves(zh));
    expect([...chinese.keys()].toSorted()).toEqual(english.map(([key]) => key).toSorted());
    expect([...english, ...chinese].filter(([, value]) => !value.trim())).toEqual([]);
    expect(english.filter(([key, value]) => placeholders(chinese.get(key) ?? '') !== placeholders(value))).toEqual([]);
  });

  it('are Chinese in Chinese', () => {
    const untranslated = leaves(zh).filter(([, value]) => !/[\u4e00-\u9fff]/.test(value));
    expect(untranslated).toEqual([]);
  });
});
