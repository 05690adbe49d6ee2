import type { AddressInfo } from "node:net";
import { Zpay } from "@zpay/node";
import { createShop } from "./shop.ts";

// Configuration from the environment: the API keys card's account id, API secret (zpk_…, calls the
// zAPI) and webhook signing secret (whsec_…, verifies webhooks), and where zpay runs.
const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (see README.md)`);
  return value;
};
const zpayBaseUrl = need("ZPAY_BASE_URL");
const zpay = new Zpay({ accountId: need("ZPAY_ACCOUNT_ID"), apiSecret: need("ZPAY_API_SECRET"), baseUrl: zpayBaseUrl });
const shop = createShop({ zpay, secret: need("ZPAY_WEBHOOK_SECRET"), zpayBaseUrl, log: (line) => console.log(line) });

shop.listen(Number(process.env.PORT ?? 3000), process.env.HOST ?? "127.0.0.1", () => {
  const { address, port } = shop.address() as AddressInfo;
  console.log(`shop listening on http://${address}:${port}`);
});
process.on("SIGTERM", () => shop.close(() => process.exit(0)));
