import { normalizeAddress, SEARCH_LIMIT, type SearchData, srStatusCode } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { collectionType, itemCount } from '../../market/collection-fields';
import { searchCollections } from './store';

/** An address or its beginning: 0x and hex digits. */
const ADDRESS_PREFIX = /^0x[0-9a-f]*$/i;

/** Matches LIKE's wildcards and its escape character, which a name search takes literally. */
const LIKE_SPECIAL = /[\\%_]/g;

/** What a search text matches: an address's beginning (null when it is no address) and a LIKE pattern body. */
export function searchTerms(text: string): { addressPrefix: string | null; name: string } {
  return {
    addressPrefix: ADDRESS_PREFIX.test(text) ? normalizeAddress(text) : null,
    name: text.replace(LIKE_SPECIAL, (special) => `\\${special}`),
  };
}

export async function search(ctx: AppContext, text: string): Promise<SearchData> {
  const rows = await searchCollections(ctx.db, { ...searchTerms(text), limit: SEARCH_LIMIT });
  return {
    list: rows.map((row) => ({
      address: row.address,
      name: row.name,
      img: row.image_url,
      sr_status: srStatusCode(row.verified),
      count: itemCount(row.supply),
      type: collectionType(row.standard),
    })),
  };
}
