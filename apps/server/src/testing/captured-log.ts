import pino, { type Logger } from 'pino';

/** A logger that keeps what it writes, for tests that check what a request logged (and at which level). */
export function capturedLog(level: pino.Level = 'debug'): { logger: Logger; lines: { level: number; msg?: string }[] } {
  const lines: { level: number; msg?: string }[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** pino's number for `warn`: a line at this level or above asks an operator to look. */
export const WARN_LEVEL = 40;
