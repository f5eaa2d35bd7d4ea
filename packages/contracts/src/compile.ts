import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

/** Byte ranges of the runtime code that the constructor fills in, per immutable (keyed by solc's AST id). */
export type ImmutableReferences = Record<string, { start: number; length: number }[]>;
export type Artifact = {
  abi: Abi;
  /** Creation code. */
  bytecode: Hex;
  /** Runtime code as compiled: zeros where `immutableReferences` says the constructor writes immutables. */
  deployedBytecode: Hex;
  immutableReferences: ImmutableReferences;
};
export type ContractName =
  | 'Seaport'
  | 'ConduitController'
  | 'DevnetERC721'
  | 'DevnetERC1155'
  | 'EthUsdFeed'
  | 'FloorDeskSubscriptions'
  | 'WETH'
  | 'LooksRareProtocol'
  | 'TransferManager'
  | 'CreatorFeeManagerWithRoyalties'
  | 'MockRoyaltyFeeRegistry';

type Solc = { compile(input: string, callbacks: { import: (path: string) => ImportResult }): string };
type ImportResult = { contents: string } | { error: string };

/**
 * The solcjs builds a job can name, by npm package. Each is imported only when a job compiles with it, so a warm cache
 * never loads one: each is ~9 MB of wasm whose memory (~100 MB after a compile) stays with the process.
 */
const COMPILERS = {
  /** The project's compiler: FloorDesk's contracts, Seaport and everything else whose pragma allows it. */
  solc: async (): Promise<Solc> => (await import('solc')).default,
  /** LooksRare v2 pins `pragma solidity 0.8.17` exactly; an npm alias installs that build beside the project's. */
  'solc-0.8.17': async (): Promise<Solc> => (await import('solc-0.8.17')).default,
} as const;
export type Compiler = keyof typeof COMPILERS;

/** One solc run. `contracts` maps each contract it yields to the source unit that declares it. */
export type CompileJob = {
  /** Names the job's cache file. */
  name: string;
  compiler: Compiler;
  progress: string;
  settings: Record<string, unknown>;
  contracts: Partial<Record<ContractName, string>>;
};

/** Source units named `floordesk/…` are ours; every other name starts with the npm package that holds it. */
const OWN_PREFIX = 'floordesk/';
const SOLIDITY_DIR = fileURLToPath(new URL('./solidity/', import.meta.url));
const require = createRequire(import.meta.url);

/** Read from package.json rather than `solc.version()`, so that checking a warm cache never loads the compiler. */
function compilerVersion(compiler: Compiler): string {
  return (require(`${compiler}/package.json`) as { version: string }).version;
}

export const JOBS: readonly CompileJob[] = [
  {
    name: 'seaport',
    compiler: 'solc',
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
    compiler: 'solc',
    progress: 'Compiling FloorDesk test contracts…',
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
    contracts: {
      ConduitController: 'seaport-core/src/conduit/ConduitController.sol',
      DevnetERC721: `${OWN_PREFIX}DevnetERC721.sol`,
      DevnetERC1155: `${OWN_PREFIX}DevnetERC1155.sol`,
      EthUsdFeed: `${OWN_PREFIX}EthUsdFeed.sol`,
      FloorDeskSubscriptions: `${OWN_PREFIX}FloorDeskSubscriptions.sol`,
      // The devnet's wrapped ether (LooksRare's second currency), solmate's rather than mainnet's 0.4 WETH9: its
      // pragma (>=0.8.0) lets the project's compiler build it with the devnet's other contracts.
      WETH: 'solmate/src/tokens/WETH.sol',
    },
  },
  {
    name: 'looksrare',
    compiler: 'solc-0.8.17',
    progress: 'Compiling LooksRare v2 (first run, ~5 s)…',
    // LooksRare's own settings (the foundry config their deployment script builds with): london, no via-IR, 888,888
    // runs. Their sources pin `pragma solidity 0.8.17` exactly.
    settings: { optimizer: { enabled: true, runs: 888_888 }, evmVersion: 'london' },
    contracts: {
      LooksRareProtocol: '@looksrare/contracts-exchange-v2/contracts/LooksRareProtocol.sol',
      TransferManager: '@looksrare/contracts-exchange-v2/contracts/TransferManager.sol',
      CreatorFeeManagerWithRoyalties: '@looksrare/contracts-exchange-v2/contracts/CreatorFeeManagerWithRoyalties.sol',
      // The royalty fee registry the creator-fee manager asks first (LooksRare v1's on mainnet): the package ships
      // this one, v1's registry on LooksRare's own ownable base, beside its contracts.
      MockRoyaltyFeeRegistry: '@looksrare/contracts-exchange-v2/test/mock/MockRoyaltyFeeRegistry.sol',
    },
  },
];

type SolcError = { severity: 'error' | 'warning' | 'info'; formattedMessage: string };
type SolcContract = {
  abi: Abi;
  evm: {
    bytecode: { object: string };
    deployedBytecode: { object: string; immutableReferences?: ImmutableReferences };
  };
};
type SolcOutput = { errors?: SolcError[]; contracts?: Record<string, Record<string, SolcContract>> };

/** What a job produced, with the sha256 of every source unit solc read. */
export type JobOutput = { sources: Record<string, string>; contracts: Partial<Record<ContractName, Artifact>> };

/** Compiles a job with solcjs, which blocks the event loop for the whole compile (Seaport: ~30–40 s). */
export async function compile(job: CompileJob): Promise<JobOutput> {
  const solc = await COMPILERS[job.compiler]();
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
    const { bytecode, deployedBytecode } = compiled.evm;
    contracts[name as ContractName] = {
      abi: compiled.abi,
      bytecode: `0x${bytecode.object}`,
      deployedBytecode: `0x${deployedBytecode.object}`,
      immutableReferences: deployedBytecode.immutableReferences ?? {},
    };
  }
  return { sources, contracts };
}

/** The cache key of a job's output: everything that can change the compiler's output. */
export function cacheKey(job: CompileJob, sources: Record<string, string>): string {
  const sorted = Object.entries(sources).toSorted(([a], [b]) => (a < b ? -1 : 1));
  return sha256(JSON.stringify({ solc: compilerVersion(job.compiler), settings: solcSettings(job), sources: sorted }));
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
    outputSelection[unit] = {
      ...outputSelection[unit],
      // The runtime code and where its immutables sit let a test compare a deployed contract with its source.
      [name]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'],
    };
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
