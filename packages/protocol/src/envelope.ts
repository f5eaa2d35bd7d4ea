import { z } from 'zod';
import { Status } from './status';

/** A field that failed validation: where, and why (in the caller's language). */
export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** The success envelope `{status: 1, msg, data}` around `data`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(Status.Ok), msg: z.string(), data });
}

/** Any handled failure: a non-1 status, a message in the caller's language, field errors for HTTP 400. */
export const ErrorEnvelope = z.object({
  status: z.number().int(),
  msg: z.string(),
  data: z.object({ fields: z.array(FieldError) }).nullable(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export type Envelope<T> = { status: number; msg: string; data: T };
