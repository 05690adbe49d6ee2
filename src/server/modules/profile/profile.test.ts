import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 58, b: 138, alpha: 1 } } }).png().toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#e11d48" } }).withMetadata({ exif: { IFD0: { Copyright: "secret-gps-here" } } }).jpeg().toBuffer();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

describe.each(TEST_BACKENDS)("merchant profile on %s", (kind) => {
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

  type Auth = Record<string, string>;
  const get = (auth: Auth) => app.request("/api/profile", { headers: auth });
  const put = (body: unknown, auth: Auth) =>
    app.request("/api/profile", { method: "PUT", headers: { "content-type": "application/json", ...auth }, body: JSON.stringify(body) });
  const upload = (bytes: Uint8Array, auth: Auth, name = "logo.png", type = "image/png") => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
    return app.request("/api/profile/logo", { method: "POST", headers: auth, body: form });
  };

  it("starts empty, saves every text field trimmed, and keeps each merchant's profile their own", async () => {
    const m = await signInMerchant(app);
    const other = await signInMerchant(app);
    expect((await (await get(m.auth)).json()).data).toEqual({
      company: "", city: "", taxId: "", defaultInvoiceNotes: "", brandColor: "", logoUrl: null, billingCurrency: "USD",
    });
    const body = { company: "  Acme Coffee ", city: "Lyon", taxId: "FR123", defaultInvoiceNotes: "Thanks!", brandColor: "#1E3A8A" };
    const res = await put(body, m.auth);
    expect(res.status).toBe(200);
    const saved = { company: "Acme Coffee", city: "Lyon", taxId: "FR123", defaultInvoiceNotes: "Thanks!", brandColor: "#1e3a8a", logoUrl: null, billingCurrency: "USD" };
    expect((await res.json()).data).toEqual(saved);
    expect((await (await get(m.auth)).json()).data).toEqual(saved);
    expect((await (await get(other.auth)).json()).data.company).toBe("");
    // Clearing a field: it is left out again.
    expect((await (await put({ ...body, city: "" }, m.auth)).json()).data.city).toBe("");
  });

  it("refuses bad fields with every issue, and changes nothing", async () => {
    const m = await signInMerchant(app);
    await put({ company: "Kept" }, m.auth);
    const res = await put({ company: "x".repeat(101), brandColor: "red", taxId: "1".repeat(51) }, m.auth);
    expect(res.status).toBe(400);
    const error = await res.json();
    expect(error.code).toBe("invalid_request");
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: "company", message: "The display name can be at most 100 characters" },
        { path: "brandColor", message: "Choose a colour like #1a2b3c" },
        { path: "taxId", message: "The tax id can be at most 50 characters" },
      ]),
    );
    for (const bad of [{ brandColor: "#fff" }, { brandColor: "#12345g" }, { company: 5 }, { brandColor: "#1e3a8a;background:url(x)" }]) {
      expect((await put(bad, m.auth)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await (await get(m.auth)).json()).data.company).toBe("Kept");
  });

  it("needs a session", async () => {
    expect((await app.request("/api/profile")).status).toBe(401);
    expect((await put({ company: "x" }, { authorization: "Bearer nope" })).status).toBe(401);
    expect((await upload(await png(8, 8), {})).status).toBe(401);
  });

  it("stores a logo re-encoded within 512 px, served from both origins with a year of caching", async () => {
    const m = await signInMerchant(app);
    await put({ company: "Acme" }, m.auth);
    const res = await upload(await png(1200, 600), m.auth);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.company).toBe("Acme");
    expect(data.logoUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    for (const origin of [app, payments]) {
      const served = await origin.request(data.logoUrl);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 512, 256]);
    }
    // Saving the text fields keeps the logo; a new logo gets a new address; removing it clears it.
    expect((await (await put({ company: "Acme 2" }, m.auth)).json()).data.logoUrl).toBe(data.logoUrl);
    const second = (await (await upload(await png(64, 64), m.auth)).json()).data.logoUrl;
    expect(second).not.toBe(data.logoUrl);
    const removed = await app.request("/api/profile/logo", { method: "DELETE", headers: m.auth });
    expect((await removed.json()).data.logoUrl).toBeNull();
  });

  it("takes a PNG named .jpg and declared image/jpeg as the PNG it is", async () => {
    const m = await signInMerchant(app);
    const res = await upload(await png(40, 40), m.auth, "photo.jpg", "image/jpeg");
    expect(res.status).toBe(200);
    const served = await app.request((await res.json()).data.logoUrl);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("png");
  });

  it("re-encodes a JPEG without its metadata", async () => {
    const m = await signInMerchant(app);
    const original = await jpeg(900, 300);
    expect(original.includes("secret-gps-here")).toBe(true);
    const res = await upload(original, m.auth, "logo.jpeg", "image/jpeg");
    expect(res.status).toBe(200);
    const body = Buffer.from(await (await app.request((await res.json()).data.logoUrl)).arrayBuffer());
    expect(body.includes("secret-gps-here")).toBe(false);
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 512, 171, undefined]);
  });

  it("refuses an SVG, a non-image, a PNG header on garbage and a pixel bomb (415), keeping the logo", async () => {
    const m = await signInMerchant(app);
    const kept = (await (await upload(await png(10, 10), m.auth)).json()).data.logoUrl;
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#000" } }).png({ compressionLevel: 9 }).toBuffer();
    const polyglot = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("<script>alert(1)</script>")]);
    const cases: [string, Uint8Array, string, string][] = [
      ["svg", SVG, "logo.svg", "image/svg+xml"],
      ["svg named png", SVG, "logo.png", "image/png"],
      ["text", Buffer.from("hello, not an image"), "logo.png", "image/png"],
      ["gif", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "binary"), "logo.gif", "image/gif"],
      ["png header on garbage", polyglot, "logo.png", "image/png"],
      ["pixel bomb", bomb, "logo.png", "image/png"],
    ];
    for (const [name, bytes, file, type] of cases) {
      const res = await upload(bytes, m.auth, file, type);
      expect(res.status, name).toBe(415);
      expect((await res.json()).message, name).toBe("Upload a JPEG or PNG image.");
    }
    expect((await (await get(m.auth)).json()).data.logoUrl).toBe(kept);
  });

  it("refuses a 20 MB file with 413 before reading it, and a file just over 2 MB too", async () => {
    const m = await signInMerchant(app);
    const huge = new Uint8Array(20 * 1024 * 1024);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await app.request("/api/profile/logo", {
      method: "POST",
      headers: { ...m.auth, "content-type": "application/octet-stream", "content-length": String(huge.length) },
      body: huge,
    });
    expect(res.status).toBe(413);
    const justOver = new Uint8Array(2 * 1024 * 1024 + 1);
    justOver.set([0xff, 0xd8, 0xff]);
    const over = await app.request("/api/profile/logo", { method: "POST", headers: { ...m.auth, "content-type": "application/octet-stream" }, body: justOver });
    expect(over.status).toBe(413);
    expect((await over.json()).message).toBe("The logo is larger than 2 MB.");
    expect((await (await get(m.auth)).json()).data.logoUrl).toBeNull();
  });

  it("is not served on the payments origin", async () => {
    const m = await signInMerchant(app);
    expect((await payments.request("/api/profile", { headers: m.auth })).status).toBe(404);
  });
});

describe.each(TEST_BACKENDS)("billing currency on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
  });
  afterAll(() => database.close());

  const post = (body: unknown, auth: Record<string, string>) =>
    app.request("/api/update-billing-currency", { method: "POST", headers: { "content-type": "application/json", ...auth }, body: JSON.stringify(body) });
  const currencyOf = async (auth: Record<string, string>) => (await (await app.request("/api/profile", { headers: auth })).json()).data.billingCurrency;

  it("sets one of the supported currencies for this merchant only", async () => {
    const supported = (await (await app.request("/api/supported-currencies")).json()).data as [string, string][];
    const eur = supported.find(([code]) => code === "EUR");
    expect(eur).toBeDefined();
    const m = await signInMerchant(app);
    const other = await signInMerchant(app);
    const res = await post({ currency: "EUR" }, m.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { billingCurrency: "EUR" } });
    expect(await currencyOf(m.auth)).toBe("EUR");
    expect(await currencyOf(other.auth)).toBe("USD");
  });

  it("refuses an unknown currency or a bad body, changing nothing", async () => {
    const m = await signInMerchant(app);
    for (const body of [{ currency: "XYZ" }, { currency: "eur" }, { currency: "" }, {}, { currency: 1 }, { currency: "EUR'; --" }]) {
      const res = await post(body, m.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe("invalid_request");
    }
    expect(await currencyOf(m.auth)).toBe("USD");
  });

  it("needs a session", async () => {
    expect((await post({ currency: "EUR" }, {})).status).toBe(401);
  });
});
