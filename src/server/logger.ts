import pino from "pino";

export type Logger = pino.Logger;

/**
 * Keys whose values are credentials or proofs: bearer headers, cookies, session and API tokens,
 * webhook secrets, sign-in and webhook signatures, private keys. Matched at the top of a logged
 * object and two levels down (`{ req: { headers: { authorization } } }`, `{ body: { signature } }`).
 */
export const REDACTED_KEYS = [
  "authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "webhook-signature",
  "token",
  "sessionToken",
  "accessToken",
  "refreshToken",
  "apiKey",
  "secret",
  "webhookSecret",
  "clientSecret",
  "password",
  "signature",
  "signedMessage",
  "privateKey",
  "secretKey",
  "mnemonic",
];

/** pino paths for each key at depth 0, 1 and 2; keys with dashes need the bracket form. */
function redactPaths(keys: string[]): string[] {
  return keys.flatMap((k) => {
    const step = /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `["${k}"]`;
    return [step.startsWith(".") ? k : step, `*${step}`, `*.*${step}`];
  });
}

export const REDACT_PATHS = redactPaths(REDACTED_KEYS);

/** Structured JSON logs on stdout; one child logger per request carries its request id. */
export function createLogger(level: string = "info", destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "zpay" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * A child logger made on first use. A pino child serializes (and redacts) its bindings when made,
 * which most requests would pay for nothing: only a few handlers log beyond the access line.
 */
export function lazyChild(log: Logger, bindings: pino.Bindings): Logger {
  let child: Logger | undefined;
  return new Proxy(log, {
    get(target, key) {
      child ??= target.child(bindings);
      const value: unknown = Reflect.get(child, key, child);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(child) : value;
    },
  });
}
