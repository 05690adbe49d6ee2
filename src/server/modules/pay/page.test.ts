import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { createApp, createPaymentsApp } from "../../app";
import type { ChainRuntime } from "../../chains/runtime";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { callJson } from "../../testing/pay-fixture";
import { ShellMarkerMissingError, TITLE_MARKER, shellMarker } from "../../http/page-shell";
import { PAY_MARKERS, acceptedLanguages, fillPayShell, payerLanguage } from "./page";

/** A Solana runtime that is only named (the page reads the chain and mint, never the network). */
const NAMED_SOLANA: ChainRuntime = {
  solana: { chainId: -5001, rpcUrl: "http://127.0.0.1:9", mints: { USDC: Keypair.generate().publicKey.toBase58(), USDT: Keypair.generate().publicKey.toBase58() } },
  evm: [],
  stop: async () => {},
};

/** The built page's skeleton as Astro writes it: language, the title and root with their markers. */
const SHELL = `<!doctype html><html lang="en" data-title-key="titles.pay" data-brand="zPay"><head><!--zpay:title--><title>Pay - zPay</title></head><body class="min-h-dvh"><div id="pay-root"><!--zpay:pay-summary--></div><!--zpay:pay-data--><script type="module" src="/_astro/pay.js"></script></body></html>`;

describe("the pay page's shell markers", () => {
  it("are all written by src/pages/pay.astro, with the title's from BaseLayout", () => {
    const page = fs.readFileSync(path.resolve("src/pages/pay.astro"), "utf8");
    for (const name of Object.values(PAY_MARKERS)) expect(page, name).toContain(shellMarker(name));
    expect(page).toMatch(/<BaseLayout\b[^>]*\bserverFilled\b/);
    expect(fs.readFileSync(path.resolve("src/layouts/BaseLayout.astro"), "utf8")).toContain(shellMarker(TITLE_MARKER));
  });

  const built = path.resolve("dist/pay/index.html");
  it.skipIf(!fs.existsSync(built))("are all in the built page (dist/, when built)", () => {
    const shell = fs.readFileSync(built, "utf8");
    for (const name of [...Object.values(PAY_MARKERS), TITLE_MARKER]) expect(shell, name).toContain(shellMarker(name));
  });

  it("are each needed: a shell without one is refused, not served unfilled", () => {
    const data = { state: "unavailable", lng: "en" } as const;
    expect(fillPayShell(SHELL, null, data)).toContain('<div id="pay-root"></div><script type="application/json" id="pay-data">');
    for (const name of [...Object.values(PAY_MARKERS), TITLE_MARKER]) {
      expect(() => fillPayShell(SHELL.replace(shellMarker(name), ""), null, data), name).toThrow(ShellMarkerMissingError);
    }
  });
});

describe("payerLanguage", () => {
  it("takes ?lng=, then the stored choice, then the browser's languages by weight", () => {
    expect(payerLanguage("fr", "en", "en")).toBe("fr");
    expect(payerLanguage("de", "fr", "en")).toBe("fr");
    expect(payerLanguage(undefined, undefined, "de-DE, en;q=0.5, fr-CH;q=0.9")).toBe("fr");
    expect(payerLanguage(undefined, undefined, undefined)).toBe("en");
    expect(acceptedLanguages("fr;q=0, en")).toEqual(["en"]);
  });
});

describe.each(TEST_BACKENDS)("the pay page's served HTML (%s)", (kind) => {
  let database: Database;
  let distDir: string;
  let payments: ReturnType<typeof createPaymentsApp>;
  let linkId: string;
  let plainId: string;

  beforeAll(async () => {
    database = await openTestDb(kind);
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-pay-page-"));
    fs.mkdirSync(path.join(distDir, "pay"));
    fs.writeFileSync(path.join(distDir, "pay", "index.html"), SHELL);
    const deps = testDeps(database, { PAYMENTS_ORIGIN: "http://pay.test" }, NAMED_SOLANA);
    const app = createApp(deps);
    payments = createPaymentsApp(deps, { distDir });
    const merchant = await signInMerchant(app);
    const attached = await callJson(app, "POST", "/api/wallet/networks", { address: Keypair.generate().publicKey.toBase58(), type: "manual", version: 1 }, merchant.auth);
    expect(attached.status).toBe(201);
    const create = async (link: Record<string, unknown>) => {
      const created = await callJson(app, "POST", "/api/quick-pays/create", link, merchant.auth);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.info.hashedId as string;
    };
    linkId = await create({ label: "Coffee beans", desc: "1 kg, whole", price: "12.5", currency: "USD" });
    plainId = await create({ label: `</script><img src=x onerror="alert(1)">`, price: "3", currency: "USDC" });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    if (distDir) fs.rmSync(distDir, { recursive: true, force: true });
  });

  const page = async (query: string, headers: Record<string, string> = {}) => {
    const res = await payments.request(`/${query}`, { headers });
    return { status: res.status, html: await res.text(), res };
  };
  const servedData = (html: string) => JSON.parse(/<script type="application\/json" id="pay-data">([\s\S]*?)<\/script>/.exec(html)![1]!);

  it("renders merchant, label, description, amount and the sandbox notice into the HTML, with the data the island starts from", async () => {
    const { status, html, res } = await page(`?p=${linkId}`);
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Pay to");
    expect(html).toMatch(/<h1 id="pay-product-title"[^>]*>Coffee beans<\/h1>/);
    expect(html).toContain("1 kg, whole");
    expect(html).toContain("$12.50");
    expect(html).toContain("This page runs on a test network. No real money moves.");
    expect(html).toContain('data-pay-family="solana"');
    expect(html).toContain("Pay with Solana");
    // Pressed before the script runs, a family button reloads the page with it picked (no lost press).
    const form = /<form[^>]*data-slot="pay-families"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    expect(form?.[0]).toMatch(/method="get"/);
    expect(form?.[1]).toContain(`<input type="hidden" name="p" value="${linkId}"/>`);
    const button = /<button[^>]*data-pay-family="solana"[^>]*>/.exec(form?.[1] ?? "")?.[0];
    for (const attribute of ['type="submit"', 'name="family"', 'value="solana"']) expect(button).toContain(attribute);
    const data = servedData(html);
    expect(data).toMatchObject({ state: "ready", lng: "en", product: { id: linkId, label: "Coffee beans", useFiat: true } });
  });

  it("serves French for ?lng=fr, for a stored choice and for a French browser", async () => {
    for (const [query, headers] of [
      [`?p=${linkId}&lng=fr`, {}],
      [`?p=${linkId}`, { cookie: "zpay.language=fr" }],
      [`?p=${linkId}`, { "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" }],
    ] as const) {
      const { html } = await page(query, headers);
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain("<title>Paiement - zPay</title>");
      expect(html).toContain("Payer à");
      expect(html).toContain("12,50\u00a0$");
      expect(html).toContain("Payer avec Solana");
      expect(servedData(html).lng).toBe("fr");
    }
  });

  it("hands WalletConnect's project id to the page only when the instance has one, whatever the link's state", async () => {
    expect(servedData((await page(`?p=${linkId}`)).html)).not.toHaveProperty("walletConnectProjectId");
    const withWc = createPaymentsApp(testDeps(database, { PAYMENTS_ORIGIN: "http://pay.test", WALLETCONNECT_PROJECT_ID: "a1b2c3d4e5f6a7b8" }, NAMED_SOLANA), { distDir });
    for (const query of [`?p=${linkId}`, "?p=nope", ""]) {
      const html = await (await withWc.request(`/${query}`)).text();
      expect(servedData(html).walletConnectProjectId).toBe("a1b2c3d4e5f6a7b8");
    }
  });

  it("escapes what the merchant wrote, in the markup and in the data block", async () => {
    const { html } = await page(`?p=${plainId}`);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;/script&gt;&lt;img src=x");
    expect(servedData(html).product.label).toBe(`</script><img src=x onerror="alert(1)">`);
  });

  it("answers an unknown or malformed link with the not-found text, and no ?p with the no-link text", async () => {
    for (const id of ["unknown-id", "x".repeat(65), ""]) {
      const { status, html } = await page(`?p=${id}`);
      expect(status, id).toBe(200);
      expect(html).toContain("This payment link does not exist or is no longer available.");
      expect(servedData(html)).toEqual({ state: "not-found", lng: "en" });
    }
    const { status, html } = await page("");
    expect(status).toBe(200);
    expect(html).toContain("Open the payment link you received from a merchant to pay.");
    expect(servedData(html)).toEqual({ state: "no-link", lng: "en" });
  });
});
