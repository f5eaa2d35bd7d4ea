import type { Status, StatusCode } from '@floordesk/protocol';

/** A refusal the caller can read: any status but success, with its message in both languages (protocol). */
export type RefusalStatus = Exclude<StatusCode, typeof Status.Ok>;

/**
 * A refusal: its status and, when the request holds many items and one of them is the reason (a batch of
 * listings), the path of that one in the request, such as `listings.2`.
 */
export type Refusal = { ok: false; status: RefusalStatus; field?: string };

/** How services answer: a value, or a refusal. Refusals are values, never exceptions. */
export type Result<T> = { ok: true; value: T } | Refusal;

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function refuse(status: RefusalStatus, field?: string): Refusal {
  return field === undefined ? { ok: false, status } : { ok: false, status, field };
}
