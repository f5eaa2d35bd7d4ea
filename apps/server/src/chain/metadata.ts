import { sql } from 'drizzle-orm';
import { type Address, erc721Abi, parseAbi } from 'viem';
import type { Executor } from '../db/pool';
import type { GuardedFetch } from '../net/guarded-fetch';
import { traitKind } from './traits';
import type { ChainAccess } from './client';

const INFO_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function totalSupply() view returns (uint256)',
  'function maxSupply() view returns (uint256)',
  'function MAX_SUPPLY() view returns (uint256)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function uri(uint256 id) view returns (string)',
  'function contractURI() view returns (string)',
]);
const ERC721_INTERFACE = '0x80ac58cd';
const ERC1155_INTERFACE = '0xd9b67a26';
const MAX_ATTEMPTS = 5;

type Attribute = { trait_type?: unknown; value?: unknown; display_type?: unknown };

/** A view call the contract does not implement (or reverts) reads as null. */
function read<T>(call: Promise<T>): Promise<T | null> {
  return call.catch(() => null);
}

/**
 * Reads name, symbol, supply, the cap on supply where the contract states one (`maxSupply()` or `MAX_SUPPLY()`: a
 * mint-out is news) and standard (ERC-165) of collections first seen by the indexer, and their image from
 * contract-level metadata (contractURI) where the contract has it; the others take their lowest token's image
 * (fillTokenMetadata).
 */
export async function fillCollectionInfo({
  db,
  chain,
  fetchUri,
}: {
  db: Executor;
  chain: ChainAccess;
  fetchUri: GuardedFetch;
}): Promise<number> {
  const { rows } = await db.execute<{ address: Address }>(
    sql`select address from collections where info_status = 'pending' limit 20`,
  );
  await Promise.all(
    rows.map(async ({ address }) => {
      const contract = { address, abi: INFO_ABI } as const;
      const [name, symbol, supply, is721, is1155, contractUri, maxSupply, maxSupplyConstant] = await Promise.all([
        read(chain.client.readContract({ ...contract, functionName: 'name' })),
        read(chain.client.readContract({ ...contract, functionName: 'symbol' })),
        read(chain.client.readContract({ ...contract, functionName: 'totalSupply' })),
        read(chain.client.readContract({ ...contract, functionName: 'supportsInterface', args: [ERC721_INTERFACE] })),
        read(chain.client.readContract({ ...contract, functionName: 'supportsInterface', args: [ERC1155_INTERFACE] })),
        read(chain.client.readContract({ ...contract, functionName: 'contractURI' })),
        read(chain.client.readContract({ ...contract, functionName: 'maxSupply' })),
        read(chain.client.readContract({ ...contract, functionName: 'MAX_SUPPLY' })),
      ]);
      const cap = maxSupply ?? maxSupplyConstant;
      const standard = is721 ? 'erc721' : is1155 ? 'erc1155' : null;
      const image = contractUri
        ? await read(fetchJson(fetchUri, contractUri).then((metadata) => stringOrNull(metadata.image)))
        : null;
      await db.execute(sql`
        update collections set name = ${name}, symbol = ${symbol}, total_supply = ${supply?.toString() ?? null},
               max_supply = ${cap?.toString() ?? null}, standard = ${standard}, info_status = 'ok',
               image_url = coalesce(${image}, image_url)
         where address = ${address}`);
    }),
  );
  return rows.length;
}

/**
 * Fetches token metadata (tokenURI or uri → JSON) for tokens waiting for it: name, image and traits, each with the
 * kind OpenRarity reads it as (only string traits are ranked; the value is kept as written). A failure is
 * retried with exponential backoff and given up after 5 attempts; an ERC-4906 update (a reveal) queues the token
 * again. Written tokens mark their collections for re-ranking, and the lowest token's image becomes the
 * collection's unless the collection has an image of its own (one it did not take from that token).
 */
export async function fillTokenMetadata(
  { db, chain, now, fetchUri }: { db: Executor; chain: ChainAccess; now: () => Date; fetchUri: GuardedFetch },
  batch = 50,
): Promise<number> {
  const { rows } = await db.execute<{
    collection: Address;
    token_id: string;
    standard: string | null;
    attempts: number;
    old_image: string | null;
  }>(sql`
    select t.collection, t.token_id, c.standard, t.metadata_attempts as attempts, t.image_url as old_image
      from tokens t join collections c on c.address = t.collection
     where t.metadata_status = 'pending' and c.info_status = 'ok'
       and (t.metadata_next_attempt_at is null or t.metadata_next_attempt_at <= ${now()})
     limit ${batch}`);
  const written = await Promise.all(
    rows.map(async (row): Promise<WrittenToken | null> => {
      try {
        const tokenId = BigInt(row.token_id);
        const uri =
          row.standard === 'erc1155'
            ? (
                await chain.client.readContract({
                  address: row.collection,
                  abi: INFO_ABI,
                  functionName: 'uri',
                  args: [tokenId],
                })
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
          .filter(
            (a) => typeof a.trait_type === 'string' && (typeof a.value === 'string' || typeof a.value === 'number'),
          )
          .map((a) => ({
            type: String(a.trait_type),
            value: String(a.value),
            kind: traitKind(a.value, a.display_type),
          }));
        const image = stringOrNull(metadata.image);
        await db.transaction(async (tx) => {
          const token = sql`collection = ${row.collection} and token_id = ${row.token_id}`;
          await tx.execute(sql`
            update tokens set name = ${stringOrNull(metadata.name)}, image_url = ${image}, metadata_status = 'ok',
                   metadata_next_attempt_at = null
             where ${token}`);
          await tx.execute(sql`delete from token_traits where ${token}`);
          if (traits.length > 0) {
            await tx.execute(sql`
              insert into token_traits (collection, token_id, trait_type, value, kind)
              select ${row.collection}, ${row.token_id}::numeric, *
                from unnest(${sql.param(traits.map((t) => t.type))}::text[],
                            ${sql.param(traits.map((t) => t.value))}::text[],
                            ${sql.param(traits.map((t) => t.kind))}::text[])
              on conflict do nothing`);
          }
        });
        return { collection: row.collection, tokenId: row.token_id, image, oldImage: row.old_image };
      } catch {
        const attempts = row.attempts + 1;
        const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
        const nextAttempt = new Date(now().getTime() + 2000 * 2 ** attempts);
        await db.execute(sql`
          update tokens set metadata_attempts = ${attempts}, metadata_status = ${status}, metadata_next_attempt_at = ${nextAttempt}
           where collection = ${row.collection} and token_id = ${row.token_id}`);
        return null;
      }
    }),
  );
  await updateCollectionsOf(
    db,
    written.filter((token) => token !== null),
  );
  return rows.length;
}

/**
 * Sends a collection's tokens (or those from `from` to `to`) back to the metadata pass, as an ERC-4906 update does:
 * pending, with no attempts counted, so a token given up on is fetched again too.
 */
export async function requeueTokenMetadata(
  db: Executor,
  collection: string,
  range?: { from: string; to: string },
): Promise<void> {
  await db.execute(sql`
    update tokens set metadata_status = 'pending', metadata_attempts = 0, metadata_next_attempt_at = null
     where collection = ${collection} ${range ? sql`and token_id between ${range.from} and ${range.to}` : sql``}`);
}

type WrittenToken = { collection: string; tokenId: string; image: string | null; oldImage: string | null };

/**
 * After the tokens' own transactions, so a rarity pass that ran meanwhile is followed by a fresh mark rather than
 * clearing one set before the traits it should rank were committed.
 */
async function updateCollectionsOf(db: Executor, written: readonly WrittenToken[]): Promise<void> {
  if (written.length === 0) return;
  const collections = [...new Set(written.map((token) => token.collection))];
  await db.execute(sql`
    update collections set rarity_stale = true where address = any(${sql.param(collections)}::text[]) and not rarity_stale`);
  await db.execute(sql`
    update collections c set image_url = w.image
      from unnest(${sql.param(written.map((token) => token.collection))}::text[],
                  ${sql.param(written.map((token) => token.tokenId))}::numeric[],
                  ${sql.param(written.map((token) => token.image))}::text[],
                  ${sql.param(written.map((token) => token.oldImage))}::text[])
           as w(collection, token_id, image, old_image)
     where c.address = w.collection and w.image is not null
       and (c.image_url is null or c.image_url = w.old_image)
       and w.token_id = (select min(t.token_id) from tokens t where t.collection = w.collection)`);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The JSON object at a token's or contract's URI; a refused or failed fetch throws, to be counted as an attempt. */
async function fetchJson(fetchUri: GuardedFetch, uri: string): Promise<Record<string, unknown>> {
  const fetched = await fetchUri(uri);
  if (!fetched.ok) throw new Error(`metadata ${uri.slice(0, 200)}: ${JSON.stringify(fetched.refusal)}`);
  const body: unknown = JSON.parse(fetched.value.body.toString('utf8'));
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Error(`metadata ${uri.slice(0, 200)}: not an object`);
  return body as Record<string, unknown>;
}
