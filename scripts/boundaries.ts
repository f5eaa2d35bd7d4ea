/**
 * The import boundaries of the codebase (docs/architecture.md, "Boundaries"), checked by `npm run lint`. oxlint has
 * no zone rule (eslint's import/no-restricted-paths), and relative specifiers differ with a file's depth, so the
 * rules here read resolved paths instead of specifier text.
 */
import path from 'node:path';

/** A source file: its path from the repository root (with forward slashes) and its text. */
export type SourceFile = { path: string; text: string };

export type Violation = { file: string; target: string; rule: string };

const WEB = 'apps/web/src/';
const SERVER = 'apps/server/src/';
/** The web app's shared layers: what features may use in common. */
const WEB_SHARED_LAYERS = ['lib', 'components', 'stores', 'config'];
/** The one server file that composes the devnet into the server (and the tests' fixtures, which start one). */
const DEVNET_COMPOSITION = `${SERVER}devnet.ts`;
/** The server's layers above the chain index (chain/), which hands them its blocks as consumers. */
const ABOVE_CHAIN = ['market', 'live', 'modules', 'worker', 'http'];
/** The server's composition files (import paths without extension): they wire the layers, so nothing imports them. */
const SERVER_COMPOSITION = ['main', 'devnet', 'chain-consumers'].map((name) => `${SERVER}${name}`);

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module specifier a file imports or re-exports, static or dynamic. */
export function specifiers(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? '').filter(Boolean);
}

/** A relative specifier as a path from the repository root, without its extension; package names as they are. */
function resolve(from: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return path.posix.join(path.posix.dirname(from), specifier).replace(/\.(tsx?|jsx?)$/, '');
}

/** The name of the folder right under `root` that `file` sits in, e.g. the feature of a web file. */
function segmentUnder(root: string, file: string): string | undefined {
  return file.startsWith(root) ? file.slice(root.length).split('/')[0] : undefined;
}

const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) || file.includes('/testing/') || file.startsWith(`${WEB}test/`);

/** `sourcesOnly`: integration tests may wire what the code under test must not (a chain test starting the API). */
type Rule = { name: string; sourcesOnly?: boolean; check(file: string, target: string): boolean };

const RULES: Rule[] = [
  {
    name: 'a web feature imports another feature only through the shared layers (lib, components, stores, config)',
    check: (file, target) => {
      const own = segmentUnder(`${WEB}features/`, file);
      const other = segmentUnder(`${WEB}features/`, target);
      return own !== undefined && other !== undefined && own !== other;
    },
  },
  {
    name: 'a web feature does not import from app/ (the app composes features, not the other way round)',
    check: (file, target) => file.startsWith(`${WEB}features/`) && target.startsWith(`${WEB}app/`),
  },
  {
    name: 'the web shared layers import no feature and nothing from app/',
    check: (file, target) =>
      WEB_SHARED_LAYERS.includes(segmentUnder(WEB, file) ?? '') &&
      (target.startsWith(`${WEB}features/`) || target.startsWith(`${WEB}app/`)),
  },
  {
    name: 'server chain/ imports nothing above it (market, live, modules, worker, http, the composition files): those receive its blocks as ChainConsumers',
    sourcesOnly: true,
    check: (file, target) =>
      segmentUnder(SERVER, file) === 'chain' &&
      (ABOVE_CHAIN.includes(segmentUnder(SERVER, target) ?? '') || SERVER_COMPOSITION.includes(target)),
  },
  {
    name: 'server live/ imports no module, worker or http code: the modules serve it (the composition root passes their readers in)',
    sourcesOnly: true,
    check: (file, target) =>
      segmentUnder(SERVER, file) === 'live' &&
      ['modules', 'worker', 'http'].includes(segmentUnder(SERVER, target) ?? ''),
  },
  {
    name: 'server market/ imports no module, worker or http code',
    sourcesOnly: true,
    check: (file, target) =>
      segmentUnder(SERVER, file) === 'market' &&
      ['modules', 'worker', 'http'].includes(segmentUnder(SERVER, target) ?? ''),
  },
  {
    name: "a server module reaches another module only through that module's service.ts",
    check: (file, target) => {
      const own = segmentUnder(`${SERVER}modules/`, file);
      const other = segmentUnder(`${SERVER}modules/`, target);
      return own !== undefined && other !== undefined && own !== other && !target.endsWith(`/${other}/service`);
    },
  },
  {
    name: `the server imports @floordesk/devnet only in ${DEVNET_COMPOSITION}`,
    sourcesOnly: true,
    check: (file, target) => file.startsWith(SERVER) && target === '@floordesk/devnet' && file !== DEVNET_COMPOSITION,
  },
  {
    name: "server code reaches PostgreSQL through db/'s handle; the driver (pg) is imported only in db/ and by pg-boss's adapter",
    sourcesOnly: true,
    check: (file, target) =>
      file.startsWith(SERVER) &&
      target === 'pg' &&
      segmentUnder(SERVER, file) !== 'db' &&
      file !== `${SERVER}worker/worker.ts`,
  },
];

/** Every import that crosses a boundary, plus every cycle between server modules. */
export function violations(files: readonly SourceFile[]): Violation[] {
  const found: Violation[] = [];
  const moduleEdges = new Map<string, Set<string>>();
  for (const file of files) {
    for (const specifier of specifiers(file.text)) {
      const target = resolve(file.path, specifier);
      for (const rule of RULES) {
        if ((!rule.sourcesOnly || !isTest(file.path)) && rule.check(file.path, target))
          found.push({ file: file.path, target: specifier, rule: rule.name });
      }
      const from = segmentUnder(`${SERVER}modules/`, file.path);
      const to = segmentUnder(`${SERVER}modules/`, target);
      if (from !== undefined && to !== undefined && from !== to && !isTest(file.path)) {
        moduleEdges.set(from, (moduleEdges.get(from) ?? new Set()).add(to));
      }
    }
  }
  for (const cycle of moduleCycles(moduleEdges)) {
    found.push({
      file: `${SERVER}modules/${cycle[0]}`,
      target: cycle.join(' → '),
      rule: 'server modules do not depend on each other in a cycle',
    });
  }
  return found;
}

/** Each cycle of the module graph once, starting from its alphabetically first module. */
function moduleCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const walk = (start: string, node: string, trail: string[]) => {
    for (const next of edges.get(node) ?? []) {
      if (next === start) {
        const cycle = [...trail, start];
        if (trail.every((step) => step >= start)) cycles.set(cycle.join('>'), cycle);
      } else if (!trail.includes(next)) {
        walk(start, next, [...trail, next]);
      }
    }
  };
  for (const start of edges.keys()) walk(start, start, [start]);
  return [...cycles.values()];
}
