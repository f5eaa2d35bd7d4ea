import { z } from 'zod';
import { ADDRESS_PATTERN } from './address';
import { HISTORIC_MAX_COLLECTIONS } from './constants';
import type { Lang } from './status';

/**
 * Messages of our own field rules, in both languages. zod's built-in messages are translated by its locales;
 * these are the ones it cannot know.
 */
export const fieldRuleMessages = {
  address: {
    en: 'must be a 0x-prefixed 20-byte hex address',
    zh: '必须是以 0x 开头的 20 字节十六进制地址',
  },
  signature: {
    en: 'must be a 0x-prefixed 65-byte hex signature',
    zh: '必须是以 0x 开头的 65 字节十六进制签名',
  },
  /** The original app's own text, as are the next two. */
  window: { en: 'Please select correct time interval.', zh: '请选择正确的时间区间。' },
  keyword: { en: 'Please enter correct key words.', zh: '请输入正确的关键词。' },
  gas: { en: 'Invalid gas', zh: '无效的 Gas 设置' },
  sweepCount: { en: 'Choose 1 to 30 items to sweep', zh: '请选择 1 到 30 件进行扫货' },
  plainText: { en: 'must not contain control characters', zh: '不能包含控制字符' },
  traitFilter: {
    en: 'must be a JSON object of trait types, each with a list of values',
    zh: '必须是 JSON 对象：每个特征类型对应一组取值',
  },
  rankRange: { en: 'The lowest rank must not be above the highest', zh: '最小排名不能大于最大排名' },
  historicCollections: {
    en: `Choose at most ${HISTORIC_MAX_COLLECTIONS} collections`,
    zh: `最多选择 ${HISTORIC_MAX_COLLECTIONS} 个合集`,
  },
  uint256: {
    en: 'must be a whole number from 0 to 2^256 − 1, in decimal',
    zh: '必须是 0 到 2^256 − 1 之间的十进制整数',
  },
} as const satisfies Record<string, Record<Lang, string>>;

/**
 * An integer a request may carry: a safe integer within bounds that say what it counts, so no request brings 1e308,
 * 2^53 or -1 into arithmetic or SQL. Every integer of every request is one of these.
 */
export const boundedInt = (min: number, max: number) => z.number().int().min(min).max(max);
/** The same, read from a query string. */
export const boundedIntQuery = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** One of a set of integer codes (a plan, a preset type): bounded by the set's ends, then checked against it. */
export function intCode<Read extends z.ZodType<number, unknown> = z.ZodNumber>(
  codes: readonly number[],
  error: string,
  read: (min: number, max: number) => Read = boundedInt as never,
): Read {
  return read(Math.min(...codes), Math.max(...codes)).refine((code) => codes.includes(code), { error });
}

/** A date in unix seconds, from 1970 to the year 2100: later is no date anyone plans for. */
export const UnixSeconds = boundedInt(0, 4_102_444_800);
/** A row's id: PostgreSQL's `integer` (serial) range. */
export const ROW_ID_MAX = 2 ** 31 - 1;
export const RowId = boundedInt(1, ROW_ID_MAX);
/** The largest chain id wallets accept (EIP-2294's bound, halved to stay a safe integer, as MetaMask does). */
export const ChainId = boundedInt(1, 4_503_599_627_370_476);

/** A 20-byte hex address in any case; the server lowercases it (the spec's identity is lowercase). */
export const Address = z
  .string()
  .regex(ADDRESS_PATTERN, { error: fieldRuleMessages.address.en })
  .meta({ example: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' });

/** A 65-byte ECDSA signature as produced by `personal_sign`. */
export const Signature = z.string().regex(/^0x[0-9a-fA-F]{130}$/, { error: fieldRuleMessages.signature.en });
