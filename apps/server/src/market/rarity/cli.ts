/**
 * `npm run -s rarity -- FILE`: ranks a JSON array of token metadata as marketplace APIs serve it
 * (`[{"token_id": "1", "attributes": [{"trait_type": "Fur", "value": "Robot"}]}]`) by OpenRarity and prints
 * `[{"token_id", "rank", "score", "tier"}]`, rarest first, as JSON on stdout. FILE is relative to where npm ran;
 * `-s` keeps npm's own lines off stdout, so the output pipes. A wrong entry is named on stderr, with exit code 1.
 */
import { rankMarketplaceTokens } from './marketplace-tokens';
import { readFileArgument } from '../../file-cli';

const USAGE = 'usage: npm run -s rarity -- FILE (a JSON array of {"token_id", "attributes": [...]})';

async function main(args: readonly string[]): Promise<number> {
  const input = await readFileArgument('rarity', USAGE, args);
  if ('exitCode' in input) return input.exitCode;
  const { file, text } = input;
  const ranking = rankMarketplaceTokens(text);
  if (!ranking.ok) {
    process.stderr.write(`rarity: ${file}: ${ranking.error}\n`);
    return 1;
  }
  if (ranking.note) process.stderr.write(`rarity: ${ranking.note}\n`);
  // One token a line: readable as it is, and still one JSON array.
  const lines = ranking.ranked.map((row) => JSON.stringify(row));
  process.stdout.write(lines.length === 0 ? '[]\n' : `[\n${lines.join(',\n')}\n]\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
