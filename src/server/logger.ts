import pino from "pino";

export type Logger = pino.Logger;

/** Structured JSON logs on stdout; one child logger per request carries its request id. */
export function createLogger(level: string = "info"): Logger {
  return pino({ level, base: { service: "zpay" }, timestamp: pino.stdTimeFunctions.isoTime });
}
