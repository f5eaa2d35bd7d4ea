/** Headers of an authenticated call: `Authorization: Bearer <sign_num>` and `X-Address: <token>`. */
export const AUTH_HEADER = 'authorization';
export const ADDRESS_HEADER = 'x-address';
/** The caller's language for messages: 'en' or 'zh' (the client sends it with every call, as the original app did). */
export const LANG_HEADER = 'x-lang';
/** Largest JSON body the API accepts. */
export const BODY_LIMIT_BYTES = 64 * 1024;
