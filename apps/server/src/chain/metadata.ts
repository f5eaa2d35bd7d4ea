import type { Pool } from 'pg';
import { type Address, erc721Abi, parseAbi } from 'viem';
import { withTransaction } from '../db/pool';
import type { GuardedFetch } from '../net/guarded-fetch';
import type { ChainAccess } from './client';

const INFO_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function uri(uint256 id) view returns (string)',
  'function contractURI() view returns (string)',
]);
const ERC721_INTERFACE = '0x80ac58cd';
const ERC1155_INTERFACE = '0xd9b67a26';
const MAX_ATTEMPTS = 5;

type Attribute = { trait_type?: unknown; value?: unknown };

/** A view call the contract does not implement (or reverts) reads as null. */
function read<T>(call: Promise<T>): Promise<T | null> {
  return call.catch(() => null);
}

/**
 * Reads name, symbol, supply and standard (ERC-165) of collections first seen by the indexer, and their image from
 * contract-level metadata (contractURI) where the contract has it; the others take their lowest token's image
 * (fillTokenMetadata).
 */
export async function fillCollectionInfo({
  pool,
  chain,
  fetchUri,
}: {
  pool: Pool;
  chain: ChainAccess;
  fetchUri: GuardedFetch;
}): Promise<number> {
  const { rows } = await pool.query<{ address: Address }>(
    `select address from collections where info_status = 'pending' limit 20`,
  );
  await Promise.all(
    rows.map(async ({ address }) => {
      const contract = { address, abi: INFO_ABI } as const;
      const [name, symbol, supply, is721, is1155, contractUri] = await Promise.all([
        read(chain.client.readContract({ ...contract, functionName: 'name' })),
        read(chain.client.readContract({ ...contract, functionName: 'symbol' })),
        read(chain.client.readContract({ ...contract, functionName: 'totalSupply' })),
        read(chain.client.readContract({ ...contract, functionName: 'supportsInterface', args: [ERC721_INTERFACE] })),
        read(chain.client.readContract({ ...contract, functionName: 'supportsInterface', args: [ERC1155_INTERFACE] })),
        read(chain.client.readContract({ ...contract, functionName: 'contractURI' })),
      ]);
      const standard = is721 ? 'erc721' : is1155 ? 'erc1155' : null;
      const image = contractUri ? await read(fetchJson(fetchUri, contractUri).then((metadata) => stringOrNull(metadata.image))) : null;
      await pool.query(
        `update collections set name = $2, symbol = $3, total_supply = $4, standard = $5, info_status = 'ok',
                image_url = coalesce($6, image_url)
          where address = $1`,
        [address, name, symbol, supply?.toString() ?? null, standard, image],
      );
    }),
  );
  return rows.length;
}

/**
 * Fetches token metadata (tokenURI or uri → JSON) for tokens waiting for it: name, image and traits. A failure is
 * retried with exponential backoff and given up after 5 attempts; an ERC-4906 update (a reveal) queues the token
 * again. Written tokens mark their collections for re-ranking, and the lowest token's image becomes the
 * collection's unless the collection has an image of its own (one it did not take from that token).
 */
export async function fillTokenMetadata(
  { pool, chain, now, fetchUri }: { pool: Pool; chain: ChainAccess; now: () => Date; fetchUri: GuardedFetch },
  batch = 50,
): Promise<number> {
  const { rows } = await pool.query<{
    collection: Address;
    token_id: string;
    standard: string | null;
    attempts: number;
    old_image: string | null;
  }>(
    `select t.collection, t.token_id, c.standard, t.metadata_attempts as attempts, t.image_url as old_image
       from tokens t join collections c on c.address = t.collection
      where t.metadata_status = 'pending' and c.info_status = 'ok'
        and (t.metadata_next_attempt_at is null or t.metadata_next_attempt_at <= $1)
      limit $2`,
    [now(), batch],
  );
  const written = await Promise.all(
    rows.map(async (row): Promise<WrittenToken | null> => {
      try {
        const tokenId = BigInt(row.token_id);
        const uri =
          row.standard === 'erc1155'
            ? (
                await chain.client.readContract({ address: row.collection, abi: INFO_ABI, functionName: 'uri', args: [tokenId] })
              ).replace('{id}', tokenId.toString(16).padStart(64, '0'))
            : await chain.client.readContract({
                address: row.collection,
                abi: erc721Abi,
                functionName: 'tokenURI',
                args: [tokenId],
              });
        const metadata = await fetchJson(fetchUri, uri);
        const attributes = Array.isArray(metadata.attributes) ? (metadata.attributes as Attribute[]) : [];
        const traits = attributes
          .filter((a) => typeof a.trait_type === 'string' && (typeof a.value === 'string' || typeof a.value === 'number'))
          .map((a) => ({ type: String(a.trait_type), value: String(a.value) }));
        const image = stringOrNull(metadata.image);
        await withTransaction(pool, async (client) => {
          await client.query(
            `update tokens set name = $3, image_url = $4, metadata_status = 'ok', metadata_next_attempt_at = null
              where collection = $1 and token_id = $2`,
            [row.collection, row.token_id, stringOrNull(metadata.name), image],
          );
          await client.query('delete from token_traits where collection = $1 and token_id = $2', [
            row.collection,
            row.token_id,
          ]);
          if (traits.length > 0) {
            await client.query(
              `insert into token_traits (collection, token_id, trait_type, value)
               select $1, $2, * from unnest($3::text[], $4::text[]) on conflict do nothing`,
              [row.collection, row.token_id, traits.map((t) => t.type), traits.map((t) => t.value)],
            );
          }
        });
        return { collection: row.collection, tokenId: row.token_id, image, oldImage: row.old_image };
      } catch {
        const attempts = row.attempts + 1;
        await pool.query(
          `update tokens set metadata_attempts = $3, metadata_status = $4, metadata_next_attempt_at = $5
            where collection = $1 and token_id = $2`,
          [
            row.collection,
            row.token_id,
            attempts,
            attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            new Date(now().getTime() + 2000 * 2 ** attempts),
          ],
        );
        return null;
      }
    }),
  );
  await updateCollectionsOf(
    pool,
    written.filter((token) => token !== null),
  );
  return rows.length;
}

type WrittenToken = { collection: string; tokenId: string; image: string | null; oldImage: string | null };

/**
 * After the tokens' own transactions, so a rarity pass that ran meanwhile is followed by a fresh mark rather than
 * clearing one set before the traits it should rank were committed.
 */
async function updateCollectionsOf(pool: Pool, written: readonly WrittenToken[]): Promise<void> {
  if (written.length === 0) return;
  await pool.query('update collections set rarity_stale = true where address = any($1::text[]) and not rarity_stale', [
    [...new Set(written.map((token) => token.collection))],
  ]);
  await pool.query(
    `update collections c set image_url = w.image
       from unnest($1::text[], $2::numeric[], $3::text[], $4::text[]) as w(collection, token_id, image, old_image)
      where c.address = w.collection and w.image is not null
        and (c.image_url is null or c.image_url = w.old_image)
        and w.token_id = (select min(t.token_id) from tokens t where t.collection = w.collection)`,
    [
      written.map((token) => token.collection),
      written.map((token) => token.tokenId),
      written.map((token) => token.image),
      written.map((token) => token.oldImage),
    ],
  );
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The JSON object at a token's or contract's URI; a refused or failed fetch throws, to be counted as an attempt. */
async function fetchJson(fetchUri: GuardedFetch, uri: string): Promise<Record<string, unknown>> {
  const fetched = await fetchUri(uri);
  if (!fetched.ok) throw new Error(`metadata ${uri.slice(0, 200)}: ${JSON.stringify(fetched.refusal)}`);
  const body: unknown = JSON.parse(fetched.value.body.toString('utf8'));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error(`metadata ${uri.slice(0, 200)}: not an object`);
  return body as Record<string, unknown>;
}
