import { statusMessages } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: unknown };

/** Every string of a locale tree, lists included, with its dotted key. */
function texts(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree as Tree).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}

const zhFiles = import.meta.glob<Tree>(['./zh.json', './*/zh.json'], { eager: true, import: 'default' });

describe('the Chinese texts', () => {
  it('address the reader as 你 everywhere, never 您', () => {
    const formal = [
      ...Object.entries(zhFiles).flatMap(([file, tree]) => texts(tree, file)),
      ...Object.entries(statusMessages).map(([status, message]) => [`status ${status}`, message.zh] as const),
    ].filter(([, text]) => text.includes('您'));
    expect(formal).toEqual([]);
  });
});
