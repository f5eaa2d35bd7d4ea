import { describe, expect, it } from 'vitest';
import { specifiers, violations } from './boundaries';

const file = (path: string, ...imports: string[]) => ({
  path,
  text: imports.map((specifier, i) => `import { x${i} } from '${specifier}';`).join('\n'),
});
const rulesBroken = (...files: ReturnType<typeof file>[]) => violations(files).map((violation) => violation.rule);

describe('import specifiers', () => {
  it('reads static, multi-line, type-only, side-effect, re-exported and dynamic imports', () => {
    const text = [
      "import a from './a';",
      "import {\n  b,\n  c,\n} from '../b';",
      "import type { D } from './d';",
      "import './e.css';",
      "export { f } from './f';",
      "const g = await import('./g');",
      "const quoted = 'import nothing from here';",
    ].join('\n');
    expect(specifiers(text)).toEqual(['./a', '../b', './d', './e.css', './f', './g']);
  });
});

describe('web boundaries', () => {
  it('refuses a feature importing another feature, at any depth', () => {
    expect(rulesBroken(file('apps/web/src/features/sweep/components/x.tsx', '../../gas/gas-store'))).toHaveLength(1);
    expect(rulesBroken(file('apps/web/src/features/sweep/x.ts', '../gas/gas-store'))).toHaveLength(1);
  });
  it('lets a feature import its own files and the shared layers', () => {
    const ok = file('apps/web/src/features/sweep/components/x.tsx', '../sweep-store', '../../../lib/format', 'react');
    expect(rulesBroken(ok)).toEqual([]);
  });
  it('refuses a feature importing app/, and a shared layer importing a feature', () => {
    expect(rulesBroken(file('apps/web/src/features/gas/x.ts', '../../app/router'))).toHaveLength(1);
    expect(rulesBroken(file('apps/web/src/lib/x.ts', '../features/gas/gas-store'))).toHaveLength(1);
  });
  it('lets app/ compose features', () => {
    expect(rulesBroken(file('apps/web/src/app/router.tsx', '../features/gas/gas-store'))).toEqual([]);
  });
});

describe('server boundaries', () => {
  it('refuses chain/ code importing any layer above it or the composition that wires them', () => {
    for (const above of [
      '../modules/collection/rarity',
      '../market/listings/lifecycle',
      '../live/notifications',
      '../chain-consumers',
      '../main',
    ]) {
      expect(rulesBroken(file('apps/server/src/chain/store.ts', above))).toHaveLength(1);
    }
    expect(
      rulesBroken(file('apps/server/src/chain/decoders/seaport.ts', '../../market/listings/lifecycle')),
    ).toHaveLength(1);
  });
  it('lets chain/ import its own files and the layers below, and market/ import chain/ but no module', () => {
    expect(rulesBroken(file('apps/server/src/chain/store.ts', './consumers', '../db/pool', '../time'))).toEqual([]);
    expect(rulesBroken(file('apps/server/src/market/listings/lifecycle.ts', '../../chain/consumers'))).toEqual([]);
    expect(rulesBroken(file('apps/server/src/market/x.ts', '../modules/collection/rarity'))).toHaveLength(1);
  });
  it('refuses live/ code importing a module, while a module may use live/', () => {
    expect(rulesBroken(file('apps/server/src/live/publisher.ts', '../modules/user/service'))).toHaveLength(1);
    expect(rulesBroken(file('apps/server/src/live/publisher.ts', './broker', '../db/listen'))).toEqual([]);
    expect(rulesBroken(file('apps/server/src/modules/live/routes.ts', '../../live/broker'))).toEqual([]);
  });
  it("lets a module use another module's service, and nothing else of it", () => {
    expect(rulesBroken(file('apps/server/src/modules/a/service.ts', '../b/service'))).toEqual([]);
    expect(rulesBroken(file('apps/server/src/modules/a/service.ts', '../b/store'))).toHaveLength(1);
  });
  it('finds a cycle between two modules', () => {
    const broken = rulesBroken(
      file('apps/server/src/modules/a/routes.ts', '../b/service'),
      file('apps/server/src/modules/b/service.ts', '../a/service'),
    );
    expect(broken).toEqual(['server modules do not depend on each other in a cycle']);
  });
  it('lets only db/ and the job queue import the PostgreSQL driver, and test fixtures', () => {
    expect(rulesBroken(file('apps/server/src/modules/sweep/store.ts', 'pg'))).toHaveLength(1);
    expect(rulesBroken(file('apps/server/src/db/pool.ts', 'pg'))).toEqual([]);
    expect(rulesBroken(file('apps/server/src/worker/worker.ts', 'pg'))).toEqual([]);
    expect(rulesBroken(file('apps/server/src/testing/market-rows.ts', 'pg'))).toEqual([]);
  });

  it('lets only the devnet composition import the devnet package, and test fixtures', () => {
    expect(rulesBroken(file('apps/server/src/main.ts', '@floordesk/devnet'))).toHaveLength(1);
    expect(rulesBroken(file('apps/server/src/devnet.ts', '@floordesk/devnet'))).toEqual([]);
    expect(rulesBroken(file('apps/server/src/testing/devnet.ts', '@floordesk/devnet'))).toEqual([]);
  });
});
