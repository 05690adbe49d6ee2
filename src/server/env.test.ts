import { describe, expect, it } from "vitest";
import { EnvError, origins, parseEnv } from "./env";

describe("parseEnv", () => {
  it("defaults to sandbox on the embedded database with the zPay brand", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ ZPAY_MODE: "sandbox", APP_PORT: 4321, PAYMENTS_PORT: 4322, DATA_DIR: "./data", BRAND_NAME: "zPay" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(origins(env)).toEqual({ app: "http://localhost:4321", payments: "http://localhost:4322" });
  });

  it("gives a clean stop SHUTDOWN_TIMEOUT_MS, 10 s unless told, at least 1 s", () => {
    expect(parseEnv({}).SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(parseEnv({ SHUTDOWN_TIMEOUT_MS: "4000" }).SHUTDOWN_TIMEOUT_MS).toBe(4000);
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_MS: "10" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => parseEnv({ SHUTDOWN_TIMEOUT_MS: "soon" })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it("reads TRUST_PROXY as a number of proxies, true meaning one", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
  });

  it("limits invoice PDFs to 30 a minute per address and 32 MB of cache by default, and refuses nonsense", () => {
    expect(parseEnv({})).toMatchObject({ INVOICE_PDF_RATE_LIMIT: 30, INVOICE_PDF_CACHE_MB: 32 });
    expect(parseEnv({ INVOICE_PDF_RATE_LIMIT: "5", INVOICE_PDF_CACHE_MB: "64" })).toMatchObject({ INVOICE_PDF_RATE_LIMIT: 5, INVOICE_PDF_CACHE_MB: 64 });
    expect(() => parseEnv({ INVOICE_PDF_RATE_LIMIT: "0" })).toThrow(/INVOICE_PDF_RATE_LIMIT/);
    expect(() => parseEnv({ INVOICE_PDF_CACHE_MB: "lots" })).toThrow(/INVOICE_PDF_CACHE_MB/);
  });

  it("reads RESTRICTED_NETWORKS as a list of chain ids, empty by default", () => {
    expect(parseEnv({}).RESTRICTED_NETWORKS).toEqual([]);
    expect(parseEnv({ RESTRICTED_NETWORKS: "" }).RESTRICTED_NETWORKS).toEqual([]);
    expect(parseEnv({ RESTRICTED_NETWORKS: " -5000, 137,,8453 " }).RESTRICTED_NETWORKS).toEqual([-5000, 137, 8453]);
    expect(() => parseEnv({ RESTRICTED_NETWORKS: "137,polygon" })).toThrow(/RESTRICTED_NETWORKS/);
    expect(() => parseEnv({ RESTRICTED_NETWORKS: "1.5" })).toThrow(/RESTRICTED_NETWORKS/);
  });

  it("takes a WalletConnect project id of letters and digits, none when empty, and refuses anything else", () => {
    expect(parseEnv({}).WALLETCONNECT_PROJECT_ID).toBeUndefined();
    expect(parseEnv({ WALLETCONNECT_PROJECT_ID: " " }).WALLETCONNECT_PROJECT_ID).toBeUndefined();
    expect(parseEnv({ WALLETCONNECT_PROJECT_ID: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6" }).WALLETCONNECT_PROJECT_ID).toBe("a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6");
    expect(() => parseEnv({ WALLETCONNECT_PROJECT_ID: "</script>" })).toThrow(/WALLETCONNECT_PROJECT_ID/);
  });

  it("caps merchant mail and uploads by default, stricter for unverified accounts, and refuses a cap of zero", () => {
    expect(parseEnv({})).toMatchObject({
      MAIL_MERCHANT_HOURLY_CAP: 60,
      MAIL_MERCHANT_DAILY_CAP: 300,
      MAIL_RECIPIENT_DAILY_CAP: 5,
      MAIL_UNVERIFIED_HOURLY_CAP: 10,
      MAIL_UNVERIFIED_DAILY_CAP: 20,
      MAIL_UNVERIFIED_RECIPIENT_DAILY_CAP: 3,
      UPLOAD_QUOTA_COUNT: 200,
      UPLOAD_QUOTA_BYTES: 20 * 1024 * 1024,
      UPLOAD_RATE_LIMIT: 30,
      UPLOAD_UNUSED_GRACE_HOURS: 24,
    });
    expect(parseEnv({ MAIL_UNVERIFIED_RECIPIENT_DAILY_CAP: "1", UPLOAD_UNUSED_GRACE_HOURS: "2" })).toMatchObject({ MAIL_UNVERIFIED_RECIPIENT_DAILY_CAP: 1, UPLOAD_UNUSED_GRACE_HOURS: 2 });
    expect(() => parseEnv({ MAIL_MERCHANT_HOURLY_CAP: "0" })).toThrow(/MAIL_MERCHANT_HOURLY_CAP/);
    expect(() => parseEnv({ UPLOAD_QUOTA_COUNT: "lots" })).toThrow(/UPLOAD_QUOTA_COUNT/);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SOLANA_RPC_URL: " " }).DATABASE_URL).toBeUndefined();
  });

  it("refuses production mode without a database and mainnet RPC URLs, naming each", () => {
    expect(() => parseEnv({ ZPAY_MODE: "production" })).toThrow(EnvError);
    try {
      parseEnv({ ZPAY_MODE: "production" });
    } catch (err) {
      expect((err as Error).message).toMatch(/DATABASE_URL/);
      expect((err as Error).message).toMatch(/SOLANA_RPC_URL/);
      expect((err as Error).message).toMatch(/EVM_RPC_URLS/);
    }
  });

  it("accepts a complete production configuration", () => {
    const env = parseEnv({
      ZPAY_MODE: "production",
      DATABASE_URL: "postgres://u@db/zpay",
      SOLANA_RPC_URL: "https://rpc.example",
      EVM_RPC_URLS: "1=https://eth.example",
    });
    expect(env.ZPAY_MODE).toBe("production");
  });

  it.each([["APP_PORT", "70000"], ["APP_PORT", "abc"], ["ZPAY_MODE", "staging"], ["APP_ORIGIN", "not a url"]])(
    "rejects %s=%s",
    (key, value) => expect(() => parseEnv({ [key]: value })).toThrow(new RegExp(key)),
  );
});
