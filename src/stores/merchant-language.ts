import { createApiClient, type ApiClient } from "@/lib/api-client";
import { isLanguage } from "@/i18n/config";
import { i18next } from "@/i18n/i18n";
import { $session } from "./session";

const api = createApiClient({ getToken: () => $session.get()?.token });

/**
 * Tells the server the language a signed-in merchant uses the app in (`PUT /api/me/language`), so
 * the e-mails sent for them follow it. Called when the merchant switches language and right after
 * sign-in. Best effort, never throws: a failure only leaves e-mails in the previous language.
 * Signed out (welcome page, payers on the pay page), it does nothing.
 */
export async function saveMerchantLanguage(language: string | undefined = i18next.resolvedLanguage, client: ApiClient = api): Promise<void> {
  if (!$session.get()?.token || !isLanguage(language)) return;
  try {
    await client.put("/me/language", { language });
  } catch {
    // Kept as it was; the next switch or sign-in sends it again.
  }
}
