import ipaddr from "ipaddr.js";

/**
 * Which network addresses the server may send a merchant's webhook to. An allow-list, not a
 * deny-list: IPv4 must be ordinary public unicast, IPv6 ordinary unicast inside 2000::/3 (global
 * unicast). Everything else is refused: loopback, private, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT (100.64/10), benchmarking (198.18/15) and the other
 * reserved blocks, 0.0.0.0, multicast, unique-local (fc00::/7), and every IPv6 form that carries
 * an IPv4 address (mapped ::ffff:0:0/96, compatible ::/96 such as ::7f00:1, NAT64, 6to4, Teredo),
 * since the kernel or a gateway may turn those back into the IPv4 address inside.
 */
export interface AddressPolicy {
  /** Sandbox only: also allow 127.0.0.0/8 and ::1 (tests and local receivers). */
  allowLoopback?: boolean;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/** @returns why the address is refused, or undefined when a webhook may go there. */
export function refusedAddressReason(address: string, policy: AddressPolicy = {}): string | undefined {
  if (!ipaddr.isValid(address)) return "not an IP address";
  const ip = ipaddr.parse(address);
  const range = ip.range();
  if (range === "loopback" && policy.allowLoopback) return undefined;
  if (ip.kind() === "ipv4") return range === "unicast" ? undefined : range;
  if (range !== "unicast") return range;
  return ip.match(GLOBAL_UNICAST_V6) ? undefined : "not global unicast";
}

/** Host names that are loopback by definition (RFC 6761), whatever a resolver says. */
export function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost");
}

/** A URL's hostname without IPv6 brackets, as resolvers and `net.isIP` take it. */
export const bareHostname = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");
