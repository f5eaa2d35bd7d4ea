import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE = path.resolve(import.meta.dirname, '..');

describe('the Chinese the server writes (DMs, bot replies, command descriptions)', () => {
  it('addresses the reader as 你, never 您', () => {
    const formal = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => readFileSync(path.join(SOURCE, file), 'utf8').includes('您'));
    expect(formal).toEqual([]);
  });
});
