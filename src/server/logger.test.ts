import { describe, expect, it } from "vitest";
import { createLogger, lazyChild } from "./logger";

/** A logger writing its JSON lines into an array. */
function capture() {
  const lines: string[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(line) });
  return { log, logged: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe("log redaction", () => {
  it("hides credentials, tokens, secrets and signatures in headers and bodies", () => {
    const { log, logged } = capture();
    log.info(
      {
        authorization: "Bearer top-level",
        req: { headers: { authorization: "Bearer abc", cookie: "sid=1", "x-api-key": "k", "webhook-signature": "v1,sig" } },
        body: { publicKey: "Pub1", signature: "5ig", message: "Sign in", token: "tok" },
        integration: { webhookSecret: "whsec_x", secret: "s", apiKey: "a" },
        wallet: { privateKey: "pk", secretKey: "sk" },
        user: { id: "u1", sessionToken: "st", password: "pw" },
      },
      "request",
    );
    const line = JSON.stringify(logged()[0]);
    for (const secret of ["top-level", "Bearer abc", "sid=1", '"k"', "v1,sig", "5ig", '"tok"', "whsec_x", '"s"', '"a"', '"pk"', '"sk"', '"st"', '"pw"']) {
      expect(line, secret).not.toContain(secret);
    }
    expect(logged()[0]).toMatchObject({
      authorization: "[redacted]",
      req: { headers: { authorization: "[redacted]", cookie: "[redacted]", "x-api-key": "[redacted]", "webhook-signature": "[redacted]" } },
      body: { publicKey: "Pub1", message: "Sign in", signature: "[redacted]", token: "[redacted]" },
      user: { id: "u1", sessionToken: "[redacted]" },
    });
  });

  it("redacts in child loggers too, and leaves other fields alone", () => {
    const { log, logged } = capture();
    log.child({ reqId: "r1" }).info({ token: "t", status: 200, path: "/api/pay/x" }, "request");
    expect(logged()[0]).toMatchObject({ reqId: "r1", token: "[redacted]", status: 200, path: "/api/pay/x" });
  });

  it("a request's lazy child logger carries its bindings and redacts like any other", () => {
    const { log, logged } = capture();
    const child = lazyChild(log, { reqId: "r2" });
    expect(logged()).toEqual([]);
    child.info({ secret: "s", chain: -5001 }, "faucet");
    child.child({ userId: "u" }).warn("nested");
    expect(logged()[0]).toMatchObject({ reqId: "r2", secret: "[redacted]", chain: -5001, msg: "faucet" });
    expect(logged()[1]).toMatchObject({ reqId: "r2", userId: "u", msg: "nested", level: 40 });
    expect(child.isLevelEnabled("debug")).toBe(false);
  });
});
