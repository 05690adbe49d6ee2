import type { Context } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";

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
