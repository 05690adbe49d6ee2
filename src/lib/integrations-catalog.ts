/**
 * The tiles of /integrations (SPEC "Integrations"): three groups; an available tile opens its
 * guide (a dialog with install, configure and first payment); the others read 'Coming Soon'.
 * No e-commerce plugin is published yet, so every platform (Shopify included) is coming: a tile
 * never leads to a page that does not exist (issue 28).
 */

export type IntegrationGroupId = "ecommerce" | "server" | "sdk";
export type GuideId = "node" | "web" | "react";

export interface IntegrationTile {
  id: string;
  /** A product name: the same in every language. */
  name: string;
  /** What an available tile opens; none means 'Coming Soon'. */
  opens?: { guide: GuideId };
}

export const INTEGRATION_GROUPS: readonly { id: IntegrationGroupId; tiles: readonly IntegrationTile[] }[] = [
  {
    id: "ecommerce",
    tiles: [
      { id: "shopify", name: "Shopify" },
      { id: "woocommerce", name: "WooCommerce" },
      { id: "magento", name: "Magento" },
      { id: "prestashop", name: "PrestaShop" },
      { id: "bigcommerce", name: "BigCommerce" },
    ],
  },
  {
    id: "server",
    tiles: [
      { id: "node", name: "Node.js", opens: { guide: "node" } },
      { id: "python", name: "Python" },
      { id: "php", name: "PHP" },
      { id: "java", name: "Java" },
    ],
  },
  {
    id: "sdk",
    tiles: [
      { id: "web", name: "Web", opens: { guide: "web" } },
      { id: "android", name: "Android" },
      { id: "ios", name: "iOS" },
      { id: "react", name: "React", opens: { guide: "react" } },
    ],
  },
];

/** The code of one guide step (never translated: it is what the merchant types). */
export interface GuideSnippet {
  /** i18n key under `guides.steps` (integrations namespace): the step's title and text. */
  step: "install" | "configure" | "firstPayment" | "webhook" | "button";
  code: string;
}

const nodeConfigure = (appOrigin: string) => `import { Zpay } from "@zpay/node";

const zpay = new Zpay({
  accountId: process.env.ZPAY_ACCOUNT_ID,
  apiSecret: process.env.ZPAY_API_SECRET, // zpk_…, shown once on the zAPI page
  baseUrl: "${appOrigin}",
});`;

const createPayment = `const payment = await zpay.payments.create(
  { amount: "49.90", currency: "USD", orderId: "A-1042" },
  { idempotencyKey: "order-A-1042" },
);
// Send the payer to payment.url`;

/**
 * The steps of a guide with this zpay's own address in them (`appOrigin`, e.g.
 * https://zpay.example.com), so what the merchant copies works as is.
 */
export function guideSnippets(guide: GuideId, appOrigin: string): GuideSnippet[] {
  switch (guide) {
    case "node":
      return [
        { step: "install", code: "npm install @zpay/node" },
        { step: "configure", code: nodeConfigure(appOrigin) },
        { step: "firstPayment", code: createPayment },
        {
          step: "webhook",
          code: `import { verifyWebhook } from "@zpay/node";

// The raw body, before any JSON parsing
const event = verifyWebhook(process.env.ZPAY_WEBHOOK_SECRET, rawBody, req.headers); // whsec_…
if (event.type === "payment.validated") fulfil(event.data.product);`,
        },
      ];
    case "web":
      return [
        { step: "install", code: `<script src="${appOrigin}/sdk/zpay.js" async></script>` },
        { step: "configure", code: nodeConfigure(appOrigin) },
        { step: "firstPayment", code: createPayment },
        { step: "button", code: `<div data-zpay-url="<payment.url>" data-zpay-label="Pay $49.90"></div>` },
      ];
    case "react":
      return [
        { step: "install", code: "npm install @zpay/react" },
        { step: "configure", code: nodeConfigure(appOrigin) },
        { step: "firstPayment", code: createPayment },
        {
          step: "button",
          code: `import { ZpayButton } from "@zpay/react";

<ZpayButton url={payment.url}>Pay $49.90</ZpayButton>`,
        },
      ];
  }
}
