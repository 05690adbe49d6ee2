import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { IntegrationsPage } from "./integrations-page";

const meta = {
  title: "Integrations/IntegrationsPage",
  component: IntegrationsPage,
  parameters: { layout: "padded" },
  args: { appOrigin: "https://zpay.example.com" },
} satisfies Meta<typeof IntegrationsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const group = (canvas: HTMLElement, name: string | RegExp) => within(within(canvas).getByRole("region", { name }));
const openGuide = async (canvas: HTMLElement, tile: RegExp, title: string) => {
  await userEvent.click(within(canvas).getByRole("button", { name: tile }));
  return body().findByRole("dialog", { name: title });
};

/** Three groups: Node.js, Web and React open their instructions, the rest (every e-commerce platform, Shopify included) 'Coming Soon'. */
export const Tiles: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent("Integrations");
    const shop = group(canvasElement, "E-commerce platforms");
    await expect(shop.getAllByRole("listitem")).toHaveLength(5);
    await expect(shop.queryByRole("link")).toBeNull();
    await expect(shop.getAllByRole("listitem")[0]).toHaveTextContent("ShopifyComing Soon");
    await expect(shop.getAllByText("Coming Soon")).toHaveLength(5);
    const server = group(canvasElement, "Server languages");
    await expect(server.getAllByRole("listitem")).toHaveLength(4);
    await expect(server.getByRole("button", { name: /Node\.js/ })).toHaveTextContent("View instructions");
    await expect(server.getAllByText("Coming Soon")).toHaveLength(3);
    const sdks = group(canvasElement, "SDKs");
    await expect(sdks.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["WebView instructions", "AndroidComing Soon", "iOSComing Soon", "ReactView instructions"]);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent("Intégrations");
    await expect(within(canvasElement).getAllByText("Bientôt disponible")).toHaveLength(10);
    await expect(within(canvasElement).queryByRole("link", { name: /Shopify/ })).toBeNull();
  },
};

/** On a 360 px phone the tiles stack in one column. */
export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: /React/ })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Langages serveur" })).toBeVisible();
  },
};

/** Node.js: install, configure with this zpay's address, the first payment with an idempotency key, and the webhook check. */
export const NodeGuide: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openGuide(canvasElement, /Node\.js/, "Node.js");
    const d = within(dialog);
    await expect(d.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["1. Install", "2. Configure", "3. Create your first payment", "4. Verify its webhooks"]);
    await expect(dialog).toHaveTextContent("npm install @zpay/node");
    await expect(dialog).toHaveTextContent('baseUrl: "https://zpay.example.com"');
    await expect(dialog).toHaveTextContent('idempotencyKey: "order-A-1042"');
    await expect(d.getByRole("link", { name: "Open API keys" })).toHaveAttribute("href", "/zapi");
    await expect(d.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
  },
};

export const NodeGuideFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const dialog = await openGuide(canvasElement, /Node\.js/, "Node.js");
    await expect(within(dialog).getByRole("heading", { name: "4. Vérifier ses webhooks" })).toBeVisible();
  },
};

/** Web: the script tag zpay serves, the payment made on the server, and the element that becomes the pay button. */
export const WebGuide: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openGuide(canvasElement, /^Web/, "Web SDK");
    await expect(dialog).toHaveTextContent('<script src="https://zpay.example.com/sdk/zpay.js" async></script>');
    await expect(within(dialog).getByRole("heading", { name: "4. Show the pay button" })).toBeVisible();
    await expect(dialog).toHaveTextContent('data-zpay-url="<payment.url>"');
  },
};

export const WebGuideFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const dialog = await openGuide(canvasElement, /^Web/, "SDK Web");
    await expect(within(dialog).getByRole("heading", { name: "4. Afficher le bouton de paiement" })).toBeVisible();
  },
};

/** React: the package, the server side, and ZpayButton with the payment's url. */
export const ReactGuide: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await openGuide(canvasElement, /React/, "React");
    await expect(dialog).toHaveTextContent("npm install @zpay/react");
    await expect(dialog).toHaveTextContent("<ZpayButton url={payment.url}>Pay $49.90</ZpayButton>");
  },
};

export const ReactGuideFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const dialog = await openGuide(canvasElement, /React/, "React");
    await expect(within(dialog).getByText("Ajoutez le composant à votre application (React 18 ou plus récent).")).toBeVisible();
  },
};

/** Done closes the instructions and gives focus back to the tile. */
export const DoneClosesGuide: Story = {
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const dialog = await openGuide(canvasElement, /React/, "React");
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(body().queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(within(canvasElement).getByRole("button", { name: /React/ })).toHaveFocus());
  },
};
