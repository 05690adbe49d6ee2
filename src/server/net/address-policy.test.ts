import { describe, expect, it } from "vitest";
import { refusedAddressReason } from "./address-policy";

describe("webhook address policy", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "198.18.0.1",
    "198.19.255.255",
    "192.0.2.1",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::7f00:1",
    "::127.0.0.1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:8.8.8.8",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
    "2001::1",
    "2001:db8::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "febf::1",
    "ff02::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(refusedAddressReason(address)).toEqual(expect.any(String));
  });

  it.each(["8.8.8.8", "93.184.216.34", "100.63.255.255", "100.128.0.1", "198.20.0.1", "2606:4700:4700::1111", "2a00:1450:4007::1"])("allows %s", (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });

  it("allows loopback only when asked, and nothing else private with it", () => {
    expect(refusedAddressReason("127.0.0.1", { allowLoopback: true })).toBeUndefined();
    expect(refusedAddressReason("::1", { allowLoopback: true })).toBeUndefined();
    for (const other of ["0.0.0.0", "10.0.0.1", "169.254.169.254", "::ffff:127.0.0.1", "::7f00:1", "fe80::1"])
      expect(refusedAddressReason(other, { allowLoopback: true }), other).toEqual(expect.any(String));
  });
});
