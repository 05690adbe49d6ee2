import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompress } from "./precompress.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-precompress-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("precompressing the build", () => {
  it("writes .br and .gz beside every text file, with the same content, and leaves binaries alone", async () => {
    const text: Record<string, string> = {
      "index.html": "<!doctype html><p>hello</p>".repeat(50),
      "_astro/a.js": "export const a = 1;".repeat(50),
      "_astro/a.css": "body{margin:0}".repeat(50),
      "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
      "assets/translations/en/pay.json": JSON.stringify({ pay: "Pay" }),
      "robots.txt": "User-agent: *",
      "sitemap.xml": "<urlset/>",
      "site.webmanifest": "{}",
    };
    for (const [name, content] of Object.entries(text)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    fs.writeFileSync(path.join(dir, "_astro", "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const totals = await precompress(dir);
    expect(totals.files).toBe(Object.keys(text).length);
    for (const [name, content] of Object.entries(text)) {
      expect(brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`))).toString(), name).toBe(content);
      expect(gunzipSync(fs.readFileSync(path.join(dir, `${name}.gz`))).toString(), name).toBe(content);
    }
    expect(fs.existsSync(path.join(dir, "_astro", "logo.png.br"))).toBe(false);
    expect(fs.existsSync(path.join(dir, "_astro", "logo.png.gz"))).toBe(false);
    expect(totals.br).toBeLessThan(totals.bytes);
  });
});
