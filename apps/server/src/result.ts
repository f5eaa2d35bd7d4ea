import type { Status, StatusCode } from '@floordesk/protocol';

/** A refusal the caller can read: any status but success, with its message in both languages (protocol). */
export type RefusalStatus = Exclude<StatusCode, typeof Status.Ok>;

/** How services answer: a value, or a refusal. Refusals are values, never exceptions. */
export type Result<T> = { ok: true; value: T } | { ok: false; status: RefusalStatus };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function refuse(status: RefusalStatus): { ok: false; status: RefusalStatus } {
  return { ok: false, status };
}
