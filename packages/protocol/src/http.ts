/** Headers of an authenticated call (ARCHITECTURE.md §4). */
export const AUTH_HEADER = 'authorization';
export const ADDRESS_HEADER = 'x-address';
/** The caller's language for messages: 'en' or 'zh' (spec §7: the client adds lang to every call). */
export const LANG_HEADER = 'x-lang';
/** Largest JSON body the API accepts. */
export const BODY_LIMIT_BYTES = 64 * 1024;
