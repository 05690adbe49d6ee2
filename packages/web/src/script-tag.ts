import { mountAll, mountPayButton, openPayPage } from "./pay-button.ts";

/**
 * The entry of the script tag (`/sdk/zpay.js`, built by scripts/build-web-sdk.mjs): `window.Zpay`
 * for pages that mount buttons themselves, and every `[data-zpay-url]` element mounted once the
 * document is parsed.
 */
declare global {
  interface Window {
    Zpay?: { mountPayButton: typeof mountPayButton; mountAll: typeof mountAll; openPayPage: typeof openPayPage };
  }
}

window.Zpay = { mountPayButton, mountAll, openPayPage };
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => mountAll());
else mountAll();
