import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient, localizeApiErrorsWith, type ApiRequestError } from "@/lib/api-client";
import en from "../../public/assets/translations/en/errors.json";
import fr from "../../public/assets/translations/fr/errors.json";
import { bundledResources } from "./bundled";
import { changeLanguage, i18next, initI18n } from "./i18n";
import { translateApiErrorCode } from "./api-errors";

/** Every error code the server throws by name (`new ApiError(status, "code", …)`, proof refusals). */
function serverErrorCodes(dir = join(__dirname, "../server")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverErrorCodes(path);
    if (!name.endsWith(".ts") || name.endsWith(".test.ts")) return [];
    const source = readFileSync(path, "utf8");
    return [...source.matchAll(/(?:ApiError\(\d{3},\s*|refused\()"([a-z_-]+)"/g)].map((m) => m[1]);
  });
}

const answering = (status: number, body: unknown) => createApiClient({ fetch: async () => new Response(JSON.stringify(body), { status }) });

describe("server error codes in the user's language", () => {
  beforeAll(() => initI18n({ resources: bundledResources, lng: "en" }));
  afterAll(() => changeLanguage("en"));

  it("has an English and a French text for every code the server throws", () => {
    const codes = [...new Set(serverErrorCodes())];
    expect(codes.length).toBeGreaterThan(50);
    expect(codes.filter((c) => !(c in en.codes))).toEqual([]);
    expect(codes.filter((c) => !(c in fr.codes))).toEqual([]);
  });

  it("keeps the server's English message in English, and an unknown code's message in any language", async () => {
    await changeLanguage("en");
    expect(translateApiErrorCode(i18next, "permission_denied")).toBeUndefined();
    await changeLanguage("fr");
    expect(translateApiErrorCode(i18next, "no_such_code")).toBeUndefined();
    expect(translateApiErrorCode(i18next, "permission_denied")).toBe("Votre compte n’a pas accès à cette fonctionnalité.");
  });

  it("reaches the user through the shared API client: a French user reads the French text", async () => {
    await changeLanguage("fr");
    const err = (await answering(404, { message: "Transaction not found", code: "transaction_not_found" }).get("/x").catch((e) => e)) as ApiRequestError;
    expect(err).toMatchObject({ status: 404, code: "transaction_not_found", message: "Transaction introuvable" });
    const unknown = (await answering(400, { message: "Odd", code: "odd" }).get("/x").catch((e) => e)) as ApiRequestError;
    expect(unknown.message).toBe("Odd");
    await changeLanguage("en");
    const english = (await answering(400, { message: "Amount must be at least 0.1 USDC", code: "amount_too_small" }).get("/x").catch((e) => e)) as ApiRequestError;
    expect(english.message).toBe("Amount must be at least 0.1 USDC");
    localizeApiErrorsWith(undefined);
  });

  it("says how long to wait in the reader's words, from the refusal's Retry-After", async () => {
    localizeApiErrorsWith((code, details) => translateApiErrorCode(i18next, code, details));
    await changeLanguage("fr");
    const refusal = (retryAfter?: string) =>
      createApiClient({
        fetch: async () =>
          new Response(JSON.stringify({ message: "This address already got 3 e-mails from you today, the most allowed. Nothing was sent. Try again in 24 h.", code: "mail_cap_recipient" }), {
            status: 429,
            headers: retryAfter ? { "retry-after": retryAfter } : {},
          }),
      })
        .post<never>("/collects/create")
        .catch((e) => e as ApiRequestError);
    expect((await refusal("4000")).message).toBe("Cette adresse a déjà reçu de votre part le maximum d’e-mails autorisé aujourd’hui. Rien n’a été envoyé. Réessayez dans 1\u00a0h 7\u00a0min.");
    // Without the header, the server's message (which names the wait) is kept rather than a text with a hole.
    expect((await refusal()).message).toMatch(/^This address already got 3 e-mails/);
    await changeLanguage("en");
    expect((await refusal("4000")).message).toMatch(/Try again in 24 h\.$/);
    localizeApiErrorsWith(undefined);
  });
});
