import type { Pool } from 'pg';

export type SearchRecord = {
  address: string;
  name: string | null;
  image_url: string | null;
  verified: boolean;
  supply: string | null;
  standard: string | null;
};

/**
 * Collections whose address begins with `addressPrefix` (null: not an address) or whose name contains `name`
 * (a LIKE pattern body, wildcards escaped). Ranked: the exact address, other addresses with the prefix, names
 * starting with the text, names containing it; within a rank verified collections first, then by name.
 */
export async function searchCollections(
  pool: Pool,
  { addressPrefix, name, limit }: { addressPrefix: string | null; name: string; limit: number },
): Promise<SearchRecord[]> {
  const { rows } = await pool.query<SearchRecord>(
    `select address, name, image_url, verified, total_supply::text as supply, standard
       from collections
      where address like $1 || '%' or name ilike '%' || $2 || '%'
      order by case when address = $1 then 0
                    when address like $1 || '%' then 1
                    when name ilike $2 || '%' then 2
                    else 3 end,
               verified desc, lower(name), address
      limit $3`,
    [addressPrefix, name, limit],
  );
  return rows;
}
