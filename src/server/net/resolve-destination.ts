import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { bareHostname, isLoopbackName, refusedAddressReason, type AddressPolicy } from "./address-policy";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (injectable so tests can play a lying DNS server). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** The destination is not a public http(s) address: nothing was sent. */
export class DestinationRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`destination refused: ${reason}`);
    this.name = "DestinationRefusedError";
  }
}

/** The host name did not resolve (the merchant's DNS, not ours, decides whether it ever will). */
export class DestinationUnresolvedError extends Error {
  constructor(readonly code: string) {
    super(`destination did not resolve: ${code}`);
    this.name = "DestinationUnresolvedError";
  }
}

export interface DestinationOptions extends AddressPolicy {
  lookup?: HostLookup;
}

/**
 * Checks where a webhook URL leads, right before sending: an http(s) URL without credentials
 * whose host, once resolved, has only allowed addresses (one refused answer refuses them all, so
 * a resolver cannot slip a private address in among public ones).
 * @returns the checked address, to which the connection must then be pinned.
 * @throws {DestinationRefusedError} for a refused scheme, name or address.
 * @throws {DestinationUnresolvedError} when the name does not resolve.
 */
export async function resolveDestination(url: URL, options: DestinationOptions = {}): Promise<ResolvedAddress> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new DestinationRefusedError("scheme");
  if (url.username || url.password) throw new DestinationRefusedError("credentials in URL");
  const host = bareHostname(url);
  if (isLoopbackName(host) && !options.allowLoopback) throw new DestinationRefusedError("loopback");
  let answers: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) answers = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      answers = await (options.lookup ?? systemLookup)(host);
    } catch (err) {
      throw new DestinationUnresolvedError((err as { code?: string }).code ?? "lookup failed");
    }
    if (answers.length === 0) throw new DestinationUnresolvedError("no address");
  }
  for (const { address } of answers) {
    const reason = refusedAddressReason(address, options);
    if (reason) throw new DestinationRefusedError(reason);
  }
  return answers[0];
}
