import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

type Figures = Record<string, number>;

/** Named figures, and what they are made of (the bundle's chunks, say): written beside them, not compared. */
export type Measurement = { figures: Figures; details: unknown };

/** A benchmark: `run` returns its named figures; targets are stated beside them, never asserted in tests. */
export type Benchmark = {
  description: string;
  run(): Promise<Figures | Measurement>;
};

// A figure is a number, so an object under `figures` can only be a Measurement.
function isMeasurement(outcome: Figures | Measurement): outcome is Measurement {
  return typeof outcome.figures === 'object';
}

const here = import.meta.dirname;

async function benchmarkNames(): Promise<string[]> {
  const files = await readdir(here);
  return files.filter((file) => file.endsWith('.bench.ts')).map((file) => file.replace('.bench.ts', ''));
}

function machine() {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
}

async function runOne(name: string): Promise<void> {
  const { default: benchmark } = (await import(path.join(here, `${name}.bench.ts`))) as { default: Benchmark };
  console.log(`\n${name}: ${benchmark.description}`);
  const outcome = await benchmark.run();
  const { figures, details } = isMeasurement(outcome) ? outcome : { figures: outcome, details: undefined };
  console.table(Object.entries(figures).map(([figure, value]) => ({ figure, value })));
  await mkdir(path.join(here, 'results'), { recursive: true });
  const result = { name, at: new Date().toISOString(), machine: machine(), figures, details };
  await writeFile(path.join(here, 'results', `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
}

const available = await benchmarkNames();
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}
for (const name of asked.length > 0 ? asked : available) await runOne(name);
