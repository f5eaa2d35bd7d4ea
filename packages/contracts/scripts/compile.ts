import { performance } from 'node:perf_hooks';
import { DEFAULT_CACHE_DIR, loadArtifacts } from '../src/index';

const started = performance.now();
const artifacts = await loadArtifacts({ onProgress: (message) => process.stdout.write(`${message}\n`) });
const seconds = ((performance.now() - started) / 1000).toFixed(2);
process.stdout.write(`Artifacts ${artifacts.hash.slice(0, 12)} in ${DEFAULT_CACHE_DIR} (${seconds} s)\n`);
