import { describe, expect, it } from "vitest";
import { PdfCache } from "./pdf-cache";

const pdf = (bytes: number) => new Uint8Array(bytes);

describe("the PDF cache, bounded by bytes", () => {
  it("drops the least recently used to stay under its size", () => {
    const cache = new PdfCache(100);
    cache.set("a", pdf(40));
    cache.set("b", pdf(40));
    expect(cache.get("a")).toBeDefined(); // a is now the most recent
    cache.set("c", pdf(40));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.byteLength).toBe(40);
    expect(cache.get("c")?.byteLength).toBe(40);
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
  });

  it("does not keep a PDF larger than the whole cache, nor count a replaced one twice", () => {
    const cache = new PdfCache(100);
    cache.set("huge", pdf(101));
    expect(cache.get("huge")).toBeUndefined();
    cache.set("a", pdf(30));
    cache.set("a", pdf(50));
    expect(cache.size).toEqual({ entries: 1, bytes: 50 });
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});
