import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';

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
  db: Executor,
  { addressPrefix, name, limit }: { addressPrefix: string | null; name: string; limit: number },
): Promise<SearchRecord[]> {
  const prefix = sql`${addressPrefix}::text`;
  const text = sql`${name}::text`;
  const { rows } = await db.execute<SearchRecord>(sql`
    select address, name, image_url, verified, total_supply::text as supply, standard
      from collections
     where address like ${prefix} || '%' or name ilike '%' || ${text} || '%'
     order by case when address = ${prefix} then 0
                   when address like ${prefix} || '%' then 1
                   when name ilike ${text} || '%' then 2
                   else 3 end,
              verified desc, lower(name), address
     limit ${limit}`);
  return rows;
}
