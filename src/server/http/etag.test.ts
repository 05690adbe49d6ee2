import { describe, expect, it } from "vitest";
import { contentHash, notModified } from "./etag";

describe("content hashes and If-None-Match", () => {
  it("gives equal inputs one hash and a changed field another", () => {
    expect(contentHash({ a: 1, b: ["x"] })).toBe(contentHash({ a: 1, b: ["x"] }));
    expect(contentHash({ a: 1, b: ["x"] })).not.toBe(contentHash({ a: 1, b: ["y"] }));
    expect(contentHash("x")).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(contentHash({ cents: 12575n })).not.toBe(contentHash({ cents: 12576n }));
    expect(contentHash({ cents: 1n })).not.toBe(contentHash({ cents: "1" }));
  });

  it("matches the tag among several, weak or strong, and * ; nothing else", () => {
    expect(notModified('"a", "b"', '"b"')).toBe(true);
    expect(notModified('W/"b"', '"b"')).toBe(true);
    expect(notModified('"b"', 'W/"b"')).toBe(true);
    expect(notModified("*", '"b"')).toBe(true);
    expect(notModified('"c"', '"b"')).toBe(false);
    expect(notModified('"bb"', '"b"')).toBe(false);
    expect(notModified(undefined, '"b"')).toBe(false);
    expect(notModified("", '"b"')).toBe(false);
  });
});
