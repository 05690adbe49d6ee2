import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { addressPrefix, clientAddress, forwardedClient, isLoopback } from "./client-address";

/** What @hono/node-server passes as bindings: the socket a request came in on. */
const fromSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

function addressApp(trustedProxies: number) {
  return new Hono().get("/", (c) => c.text(clientAddress(c, trustedProxies)));
}

const ask = (app: Hono, forwardedFor: string | undefined, socket = "10.0.0.2") =>
  Promise.resolve(app.request("/", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} }, fromSocket(socket))).then((r) => r.text());

describe("client address", () => {
  it("ignores X-Forwarded-For when no proxy is trusted: the socket address is the key", async () => {
    const app = addressApp(0);
    expect(await ask(app, "203.0.113.7", "198.51.100.20")).toBe("198.51.100.20");
    expect(await ask(app, undefined, "198.51.100.20")).toBe("198.51.100.20");
  });

  it("with one trusted proxy uses the last hop, which the proxy wrote, whatever the client put before it", async () => {
    const app = addressApp(1);
    expect(await ask(app, "203.0.113.7")).toBe("203.0.113.7");
    expect(await ask(app, "1.1.1.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(await ask(app, "forged, 9.9.9.9,203.0.113.7")).toBe("203.0.113.7");
  });

  it("with two trusted proxies uses the second hop from the right", async () => {
    const app = addressApp(2);
    expect(await ask(app, "forged, 203.0.113.7, 10.0.0.1")).toBe("203.0.113.7");
    expect(forwardedClient("203.0.113.7, 10.0.0.1", 2)).toBe("203.0.113.7");
    expect(forwardedClient("10.0.0.1", 2)).toBe("10.0.0.1"); // fewer hops than proxies: the left-most is all there is
  });

  it("falls back to the socket when a trusted proxy sent no header", async () => {
    expect(await ask(addressApp(1), undefined, "198.51.100.20")).toBe("198.51.100.20");
    expect(await ask(addressApp(1), " , ", "198.51.100.20")).toBe("198.51.100.20");
  });

  it("tells loopback callers apart", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(a), a).toBe(true);
    for (const a of ["10.0.0.1", "::ffff:10.0.0.1", "203.0.113.7", "fe80::1", "1127.0.0.1", undefined]) expect(isLoopback(a), String(a)).toBe(false);
  });
});

describe("address prefix", () => {
  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["203.0.113.250", "203.0.113.0/24"],
    ["::ffff:203.0.113.9", "203.0.113.0/24"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2::ffff", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["unknown", "unknown"],
    ["not an address", "not an address"],
  ])("%s belongs to %s", (address, prefix) => {
    expect(addressPrefix(address)).toBe(prefix);
  });
});
