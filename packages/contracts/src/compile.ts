import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

export type Artifact = { abi: Abi; bytecode: Hex };
export type ContractName =
  'Seaport' | 'ConduitController' | 'DevnetERC721' | 'DevnetERC1155' | 'EthUsdFeed' | 'FloorDeskSubscriptions';

/** One solc run. `contracts` maps each contract it yields to the source unit that declares it. */
export type CompileJob = {
  /** Names the job's cache file. */
  name: string;
  progress: string;
  settings: Record<string, unknown>;
  contracts: Partial<Record<ContractName, string>>;
};

/** Source units named `floordesk/…` are ours; every other name starts with the npm package that holds it. */
const OWN_PREFIX = 'floordesk/';
const SOLIDITY_DIR = fileURLToPath(new URL('./solidity/', import.meta.url));
const require = createRequire(import.meta.url);
/** Read from package.json rather than `solc.version()`, so that checking a warm cache never loads the compiler. */
const SOLC_VERSION = (require('solc/package.json') as { version: string }).version;

export const JOBS: readonly CompileJob[] = [
  {
    name: 'seaport',
    progress: 'Compiling Seaport 1.6 (first run, ~40 s)…',
    // Seaport's own release settings: they reproduce mainnet's initcode byte for byte (see seaport-initcode.test.ts).
    settings: {
      viaIR: true,
      optimizer: { enabled: true, runs: 4_294_967_295 },
      evmVersion: 'cancun',
      metadata: { bytecodeHash: 'none' },
    },
    contracts: { Seaport: 'seaport-core/src/Seaport.sol' },
  },
  {
    name: 'floordesk',
    progress: 'Compiling FloorDesk test contracts…',
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
    contracts: {
      ConduitController: 'seaport-core/src/conduit/ConduitController.sol',
      DevnetERC721: `${OWN_PREFIX}DevnetERC721.sol`,
      DevnetERC1155: `${OWN_PREFIX}DevnetERC1155.sol`,
      EthUsdFeed: `${OWN_PREFIX}EthUsdFeed.sol`,
      FloorDeskSubscriptions: `${OWN_PREFIX}FloorDeskSubscriptions.sol`,
    },
  },
];

type SolcError = { severity: 'error' | 'warning' | 'info'; formattedMessage: string };
type SolcOutput = {
  errors?: SolcError[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

/** What a job produced, with the sha256 of every source unit solc read. */
export type JobOutput = { sources: Record<string, string>; contracts: Partial<Record<ContractName, Artifact>> };

/** Compiles a job with solcjs, which blocks the event loop for the whole compile (Seaport: ~30–40 s). */
export async function compile(job: CompileJob): Promise<JobOutput> {
  const { default: solc } = await import('solc');
  const sources: Record<string, string> = {};
  const read = (unit: string): string => {
    const contents = readFileSync(sourcePath(unit), 'utf8');
    sources[unit] = sha256(contents);
    return contents;
  };
  const units = [...new Set(Object.values(job.contracts))];
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(units.map((unit) => [unit, { content: read(unit) }])),
    settings: solcSettings(job),
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (unit) => {
        try {
          return { contents: read(unit) };
        } catch (error) {
          return { error: error instanceof Error ? error.message : String(error) };
        }
      },
    }),
  ) as SolcOutput;

  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`solc failed to compile ${job.name}:\n${errors.map((error) => error.formattedMessage).join('\n')}`);
  }
  const contracts: JobOutput['contracts'] = {};
  for (const [name, unit] of Object.entries(job.contracts)) {
    const compiled = output.contracts?.[unit]?.[name];
    if (!compiled) throw new Error(`solc produced no ${name} from ${unit}`);
    contracts[name as ContractName] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  }
  return { sources, contracts };
}

/** The cache key of a job's output: everything that can change the compiler's output. */
export function cacheKey(job: CompileJob, sources: Record<string, string>): string {
  const sorted = Object.entries(sources).toSorted(([a], [b]) => (a < b ? -1 : 1));
  return sha256(JSON.stringify({ solc: SOLC_VERSION, settings: solcSettings(job), sources: sorted }));
}

/** Hashes the current content of the given source units; undefined when one can no longer be found. */
export async function hashSources(units: readonly string[]): Promise<Record<string, string> | undefined> {
  try {
    const entries = await Promise.all(
      units.map(async (unit) => [unit, sha256(await readFile(sourcePath(unit), 'utf8'))] as const),
    );
    return Object.fromEntries(entries);
  } catch {
    // A vanished file or package makes the cache stale; compiling again reports the actual problem.
    return undefined;
  }
}

function solcSettings(job: CompileJob): Record<string, unknown> {
  const outputSelection: Record<string, Record<string, string[]>> = {};
  for (const [name, unit] of Object.entries(job.contracts)) {
    outputSelection[unit] = { ...outputSelection[unit], [name]: ['abi', 'evm.bytecode.object'] };
  }
  return { ...job.settings, outputSelection };
}

function sourcePath(unit: string): string {
  if (unit.startsWith(OWN_PREFIX)) return path.join(SOLIDITY_DIR, unit.slice(OWN_PREFIX.length));
  const packageName = unit.split('/', unit.startsWith('@') ? 2 : 1).join('/');
  const packageRoot = path.dirname(require.resolve(`${packageName}/package.json`));
  return path.join(packageRoot, unit.slice(packageName.length));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
