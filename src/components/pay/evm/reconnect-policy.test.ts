import { describe, expect, it } from "vitest";
import { createReconnectPolicy, reconnectDelayMs, WALLET_RECONNECT_RETRIES } from "./reconnect-policy";

describe("EVM wallet reconnect policy (SPEC §4, §9)", () => {
  it("allows five attempts, then gives up", () => {
    const policy = createReconnectPolicy();
    expect(WALLET_RECONNECT_RETRIES).toBe(5);
    const answers = Array.from({ length: 6 }, () => policy.failed());
    expect(answers).toEqual([true, true, true, true, false, false]);
    expect(policy.canRetry()).toBe(false);
    expect(policy.failures).toBe(5);
  });

  it("starts over after a success", () => {
    const policy = createReconnectPolicy(2);
    policy.failed();
    policy.succeeded();
    expect(policy.failures).toBe(0);
    expect(policy.failed()).toBe(true);
    expect(policy.failed()).toBe(false);
  });

  it("starts over when the browser wallet disconnects with 1013, and only then", () => {
    const policy = createReconnectPolicy();
    for (let i = 0; i < 5; i++) policy.failed();
    expect(policy.providerDisconnected(4900)).toBe(false);
    expect(policy.canRetry()).toBe(false);
    expect(policy.providerDisconnected(1013)).toBe(true);
    expect(policy.canRetry()).toBe(true);
    expect(policy.failures).toBe(0);
  });

  it("waits longer after each failure, at most 4 s", () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelayMs)).toEqual([500, 1000, 2000, 4000, 4000]);
  });
});
