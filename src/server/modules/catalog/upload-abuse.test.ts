import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { uploads } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { noisyPng, realJpeg, realPng } from "../../testing/images";
import { signInMerchant } from "../../testing/merchants";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const HTML = new TextEncoder().encode("<html><body><script>alert(document.domain)</script></body></html>");

describe.each(TEST_BACKENDS)("uploads are images within a quota (%s)", (kind) => {
  let database: Database;
  /** Small limits, so the tests reach them: 4 images, 64 KB, 6 uploads an hour. */
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", UPLOAD_QUOTA_COUNT: "4", UPLOAD_QUOTA_BYTES: String(64 * 1024), UPLOAD_RATE_LIMIT: "6" });
    app = createApp(deps);
    payments = createPaymentsApp(deps);
  });
  afterAll(() => database.close());

  const upload = (m: Merchant, body: Uint8Array, type = "image/png") =>
    app.request("/api/uploads", { method: "POST", headers: { "content-type": type, ...m.auth }, body: new Uint8Array(body) });
  const storedCount = async (m: Merchant) => (await database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.userId, m.id))).length;

  it("junk behind a PNG header is not stored as sent", async () => {
    const m = await signInMerchant(app);
    // A real PNG with an HTML page glued after its end (a polyglot), and 100 KB of junk after one.
    const png = await realPng(16, 16);
    const polyglot = concat(png, HTML);
    const padded = concat(await realJpeg(16, 16), new Uint8Array(100 * 1024).fill(0x41));
    for (const [bytes, type] of [[polyglot, "image/png"], [padded, "image/jpeg"]] as const) {
      const res = await upload(m, bytes, type);
      if (res.status === 415) continue; // refused outright is as good as cleaned
      expect(res.status).toBe(201);
      const { data } = await res.json();
      for (const origin of [app, payments]) {
        const served = Buffer.from(await (await origin.request(data.url)).arrayBuffer());
        expect(served.equals(bytes)).toBe(false);
        expect(served.includes(Buffer.from("<script"))).toBe(false);
        expect(served.length).toBeLessThan(4096);
        const meta = await sharp(served).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([type === "image/png" ? "png" : "jpeg", 16, 16]);
      }
    }
    // Only the magic bytes of a PNG, then anything: not an image at all.
    const fake = concat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML);
    const refused = await upload(m, fake);
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ code: "unsupported_media_type", message: "Upload a JPEG or PNG image." });
  });

  it("an upload over the merchant's quota is refused", async () => {
    const m = await signInMerchant(app);
    for (let i = 0; i < 4; i++) expect((await upload(m, await realPng(8 + i, 8))).status).toBe(201);
    const fifth = await upload(m, await realPng(20, 20));
    expect(fifth.status).toBe(413);
    expect(await fifth.json()).toEqual({
      code: "upload_quota_exceeded",
      message: "You have reached your image storage limit (4 images, 0.1 MB). Images no item or logo uses are deleted within a day; remove unused item images or try again later.",
    });
    expect(await storedCount(m)).toBe(4);
    // A logo is an upload too.
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await realPng(32, 32))], { type: "image/png" }), "logo.png");
    expect((await app.request("/api/profile/logo", { method: "POST", headers: m.auth, body: form })).status).toBe(413);

    // By size: two noisy images of ~50 KB each do not fit in 64 KB.
    const big = await signInMerchant(app);
    expect((await upload(big, await noisyPng(130, 130))).status).toBe(201);
    const second = await upload(big, await noisyPng(130, 130));
    expect(second.status).toBe(413);
    expect(await storedCount(big)).toBe(1);

    // Another merchant is not held by this one's quota.
    const other = await signInMerchant(app);
    expect((await upload(other, await realPng())).status).toBe(201);
  });

  it("uploads over the rate limit are refused", async () => {
    const m = await signInMerchant(app);
    const answers = [];
    // Refused ones count too: the limit is on attempts, not on stored images.
    for (let i = 0; i < 7; i++) answers.push(await upload(m, i % 2 ? await realPng() : new TextEncoder().encode("not an image")));
    expect(answers.slice(0, 6).map((r) => r.status)).toEqual([415, 201, 415, 201, 415, 201]);
    const seventh = answers[6];
    expect(seventh.status).toBe(429);
    expect(Number(seventh.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await seventh.json()).toEqual({ code: "upload_rate_limited", message: "Too many images uploaded: at most 6 an hour. Try again in 1 h." });
    const other = await signInMerchant(app);
    expect((await upload(other, await realPng())).status).toBe(201);
  });
});
