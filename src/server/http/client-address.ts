import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import ipaddr from "ipaddr.js";

/** The socket's peer address, or undefined for in-process requests (tests) that have no socket. */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The hop of an X-Forwarded-For list that the nearest of `trustedProxies` proxies saw connect:
 * each proxy appends the address it received the request from, so the client can write anything
 * to the left but not the `trustedProxies` right-most entries. Counted from the right; with fewer
 * hops than proxies the left-most is all there is.
 */
export function forwardedClient(forwardedFor: string | undefined, trustedProxies: number): string | undefined {
  if (!forwardedFor || trustedProxies < 1) return undefined;
  const hops = forwardedFor
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  if (hops.length === 0) return undefined;
  return hops[Math.max(hops.length - trustedProxies, 0)];
}

/**
 * The caller's IP for rate limiting. Behind `trustedProxies` reverse proxies (TRUST_PROXY) the
 * right-most untrusted X-Forwarded-For hop; otherwise the socket's address, which a client cannot
 * forge.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  return forwardedClient(c.req.header("x-forwarded-for"), trustedProxies) ?? socketAddress(c) ?? "unknown";
}

/** Loopback: the caller is on this machine (IPv4, IPv6 and IPv4-mapped IPv6 forms). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The address block one party is assumed to control: an IPv4 /24 or an IPv6 /64 (what one home,
 * one server or one cloud instance gets). Caps and rate limits count per block, so rotating
 * addresses inside it buys an attacker nothing. IPv4-mapped IPv6 counts as IPv4; anything that is
 * not an address (an in-process request's "unknown") is its own block.
 */
export function addressPrefix(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === "ipv4") return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join(".")}.0/24`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(":")}::/64`;
}

/** The caller's address block (see `addressPrefix`): the key of per-client caps and rate limits. */
export function clientPrefix(c: Context, trustedProxies: number): string {
  return addressPrefix(clientAddress(c, trustedProxies));
}
