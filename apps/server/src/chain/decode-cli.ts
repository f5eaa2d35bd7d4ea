/**
 * `npm run -s decode -- FILE`: decodes a JSON array of logs as `eth_getLogs` returns them with the indexer's own
 * decoders (mainnet's exchanges) and prints one JSON object per NFT sold on stdout,
 * `[{tx_hash, log_index, protocol, marketplace, collection, token_id, amount, price_wei, currency, buyer, seller}]`.
 * What was skipped is counted on stderr; a wrong entry is named there, with exit code 1. FILE is relative to where
 * npm ran. A sudoswap pool counts when the input holds its creation by the factory.
 */
import { MAINNET_CONTRACTS } from './chain-contracts';
import { decodeLogFile } from './decode-file';
import { readFileArgument } from '../file-cli';

const USAGE = 'usage: npm run -s decode -- FILE (a JSON array of logs as eth_getLogs returns them)';

async function main(args: readonly string[]): Promise<number> {
  const input = await readFileArgument('decode', USAGE, args);
  if ('exitCode' in input) return input.exitCode;
  const { file, text } = input;
  const decoded = decodeLogFile(text, MAINNET_CONTRACTS);
  if (!decoded.ok) {
    process.stderr.write(`decode: ${file}: ${decoded.error}\n`);
    return 1;
  }
  const { malformed, foreign, unpriced, duplicate } = decoded.skipped;
  process.stderr.write(
    `decode: ${decoded.logs} logs, ${decoded.sales.length} NFTs sold; skipped ${malformed} malformed, ` +
      `${foreign} swaps of pools no factory is known to have created, ${unpriced} unpriced, ${duplicate} duplicate\n`,
  );
  // One sale a line: readable as it is, and still one JSON array.
  const lines = decoded.sales.map((sale) => JSON.stringify(sale));
  process.stdout.write(lines.length === 0 ? '[]\n' : `[\n${lines.join(',\n')}\n]\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
