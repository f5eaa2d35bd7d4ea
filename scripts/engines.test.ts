import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredMinimum, enginesExcluding, lockedEngineConflicts, nodeRange } from './engines';

describe('locked engines', () => {
  it("finds a locked package that needs a later Node than the project's oldest, with its path and range", () => {
    const lockfile = {
      packages: {
        '': { version: '0.2.0', engines: { node: '>=20.19' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/vite': { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/glob': { version: '13.0.0', engines: { node: '18 || 20 || >=22' } },
        'node_modules/clsx': { version: '2.1.1' },
      },
    };
    expect(enginesExcluding(lockfile, declaredMinimum('>=20.19'))).toEqual([
      { path: 'node_modules/cookie', version: '2.0.2', node: '>=22' },
    ]);
  });
  it('reads the old array form of engines and ignores engines that name no Node', () => {
    expect(nodeRange(['node >= 6.0'])).toBe('>= 6.0');
    expect(nodeRange({ npm: '>=7' })).toBeNull();
    const lockfile = { packages: { 'node_modules/old': { engines: ['node >= 21'] } } };
    expect(enginesExcluding(lockfile, '20.19.0').map(({ path: where }) => where)).toEqual(['node_modules/old']);
  });
  it('counts an unreadable range as leaving the project out', () => {
    expect(
      enginesExcluding({ packages: { 'node_modules/odd': { engines: { node: 'latest' } } } }, '20.19.0'),
    ).toHaveLength(1);
  });
  it('takes the oldest release the declared range admits', () => {
    expect(declaredMinimum('>=20.19')).toBe('20.19.0');
    expect(declaredMinimum('^20.19.0 || >=22.12.0')).toBe('20.19.0');
  });
  it("locks no package that needs a later Node than the repository's package.json declares", async () => {
    const { conflicts } = await lockedEngineConflicts(path.resolve(import.meta.dirname, '..'));
    expect(conflicts).toEqual([]);
  });
});
