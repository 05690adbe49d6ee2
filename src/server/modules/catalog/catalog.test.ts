import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { callJson } from "../../testing/call-json";
import { signInMerchant } from "../../testing/merchants";
import sharp from "sharp";
import { CART_MESSAGES, MAX_UPLOAD_BYTES } from "@/lib/cart";
import { realJpeg, realPng } from "../../testing/images";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const item = { name: "Coffee mug", description: "Stoneware, 350 ml", price: "12.5", currency: "USD" };

/** PNG magic bytes then filler, `size` bytes: not an image, only its first bytes say so. */
const pngBytes = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

describe.each(TEST_BACKENDS)("zCart catalogue and uploads on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000" });
    app = createApp(deps);
    payments = createPaymentsApp(deps);
  });
  afterAll(() => database.close());

  const call = (method: string, path: string, m?: Merchant, body?: unknown) => callJson(app, method, `/api${path}`, body, m?.auth);
  const upload = (m: Merchant | undefined, body: BodyInit, type = "application/octet-stream") =>
    app.request("/api/uploads", { method: "POST", headers: { "content-type": type, ...(m?.auth ?? {}) }, body });
  async function create(m: Merchant, body: Record<string, unknown> = item) {
    const res = await call("POST", "/catalog/create", m, body);
    expect(res.status).toBe(201);
    return res.body.data.info;
  }

  it("creates, lists, reads, updates and disables an item", async () => {
    const m = await signInMerchant(app);
    expect((await call("GET", "/catalog", m)).body.data).toEqual([]);
    const mug = await create(m);
    expect(mug).toMatchObject({ ...item, user: m.id, useFiat: true, priceBaseUnits: null, imageId: null, imageUrl: null, enabled: true });
    const tea = await create(m, { name: "Tea", price: 3, currency: "USDC" });
    expect(tea).toMatchObject({ price: "3", currency: "USDC", useFiat: false, priceBaseUnits: "3000000", description: "" });
    expect((await call("GET", "/catalog", m)).body.data.map((i: { _id: string }) => i._id)).toEqual([tea._id, mug._id]);

    const read = await call("GET", `/catalog/update/${mug._id}`, m);
    expect(read.body.data).toEqual({ key: "1", info: mug });
    const updated = await call("PUT", `/catalog/update/${mug._id}`, m, { ...item, name: "Big mug", price: "14", _key: "1" });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ key: "2", info: { name: "Big mug", price: "14" } });
    expect((await call("PUT", `/catalog/update/${mug._id}`, m, { ...item, _key: "1" })).body.code).toBe("stale_key");

    expect((await call("POST", `/catalog/disable/${mug._id}`, m, { _item_id: tea._id, _key: "2" })).status).toBe(400);
    const disabled = await call("POST", `/catalog/disable/${mug._id}`, m, { _item_id: mug._id, _key: "2" });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ success: true, data: { info: { enabled: false } } });
    expect((await call("PUT", `/catalog/update/${mug._id}`, m, item)).status).toBe(409);
    expect((await call("POST", `/catalog/disable/${mug._id}`, m, { _item_id: mug._id, _key: "3" })).status).toBe(409);
  });

  it("refuses bad input with the form's messages", async () => {
    const m = await signInMerchant(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...item, name: "" }, "name", CART_MESSAGES.nameRequired],
      [{ ...item, price: "" }, "price", "Please add amount for quick payment"],
      [{ ...item, price: "abc" }, "price", "Invalid price"],
      [{ ...item, price: "-2" }, "price", "Price cannot be less than zero"],
      [{ ...item, price: "0.05" }, "price", "Amount must be at least 0.1"],
      [{ ...item, price: "1.005" }, "price", "Use at most 2 decimals for USD"],
      [{ ...item, currency: "EUR" }, "currency", "Choose a currency from the list"],
      [{ ...item, imageId: "00000000-0000-4000-8000-000000000000" }, "imageId", "Image not found"],
    ];
    for (const [body, path, message] of cases) {
      const res = await call("POST", "/catalog/create", m, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "invalid_request", message, issues: [{ path, message }] });
    }
    expect((await call("GET", "/catalog", m)).body.data).toEqual([]);
  });

  it("keeps each merchant's catalogue and images to themselves", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    const mug = await create(a);
    expect((await call("GET", "/catalog", b)).body.data).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `/catalog/update/${mug._id}`, undefined],
      ["PUT", `/catalog/update/${mug._id}`, item],
      ["POST", `/catalog/disable/${mug._id}`, { _item_id: mug._id, _key: "1" }],
    ] as const) {
      const res = await call(method, path, b, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "not_found", message: "Item not found" });
    }
    expect((await call("GET", "/catalog/update/not-an-id", a)).status).toBe(404);
    // b may not show a's image on their own item.
    const image = await (await upload(a, await realPng())).json();
    const res = await call("POST", "/catalog/create", b, { ...item, imageId: image.data._id });
    expect(res.body.issues).toEqual([{ path: "imageId", message: "Image not found" }]);
    expect((await call("GET", "/catalog", a)).status).toBe(200);
    expect((await call("GET", "/catalog")).status).toBe(401);
  });

  it("stores a JPEG or PNG up to 256 KB, raw or multipart, re-encoded, and serves it on both origins", async () => {
    const m = await signInMerchant(app);
    const raw = await upload(m, await realPng(2000, 100), "image/png");
    expect(raw.status).toBe(201);
    const stored = (await raw.json()).data;
    expect(stored).toMatchObject({ contentType: "image/png", url: `/api/uploads/${stored._id}` });

    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await realJpeg(40, 30))], { type: "image/jpeg" }), "photo.jpg");
    const multipart = await app.request("/api/uploads", { method: "POST", headers: m.auth, body: form });
    expect(multipart.status).toBe(201);
    const jpeg = (await multipart.json()).data;
    expect(jpeg).toMatchObject({ contentType: "image/jpeg" });

    for (const origin of [app, payments]) {
      const res = await origin.request(`/api/uploads/${stored._id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toContain("max-age=31536000");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      const served = Buffer.from(await res.arrayBuffer());
      expect(served.length).toBe(stored.size);
      // Stored within 1024 px a side.
      const meta = await sharp(served).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 1024, 51]);
    }
    expect((await payments.request(`/api/uploads/${jpeg._id}`)).headers.get("content-type")).toBe("image/jpeg");
    expect((await payments.request("/api/uploads/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await app.request("/api/uploads/nope")).status).toBe(404);

    const withImage = await create(m, { ...item, imageId: stored._id });
    expect(withImage).toMatchObject({ imageId: stored._id, imageUrl: `/api/uploads/${stored._id}` });
  });

  it("refuses a larger image (413), a fake type (415) and an anonymous upload (401)", async () => {
    const m = await signInMerchant(app);
    const big = await upload(m, pngBytes(MAX_UPLOAD_BYTES + 1), "image/png");
    expect(big.status).toBe(413);
    const huge = await upload(m, pngBytes(MAX_UPLOAD_BYTES * 2), "image/png");
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe("payload_too_large");
    // Declared as a PNG, but its bytes are a GIF (or text): refused whatever the header says.
    const gif = new TextEncoder().encode("GIF89a fake image bytes");
    const fake = await upload(m, gif, "image/png");
    expect(fake.status).toBe(415);
    expect(await fake.json()).toEqual({ code: "unsupported_media_type", message: "Upload a JPEG or PNG image." });
    const form = new FormData();
    form.set("file", new Blob([new TextEncoder().encode("<svg/>")], { type: "image/png" }), "x.png");
    expect((await app.request("/api/uploads", { method: "POST", headers: m.auth, body: form })).status).toBe(415);
    expect((await upload(undefined, await realPng(), "image/png")).status).toBe(401);
    // Every other route keeps the 64 KB limit.
    const other = await app.request("/api/catalog/create", {
      method: "POST",
      headers: { ...m.auth, "content-type": "application/json" },
      body: JSON.stringify({ ...item, description: "x".repeat(70 * 1024) }),
    });
    expect(other.status).toBe(413);
    // The payments origin takes no uploads.
    expect((await payments.request("/api/uploads", { method: "POST", headers: m.auth, body: await realPng() })).status).not.toBe(201);
  });
});
