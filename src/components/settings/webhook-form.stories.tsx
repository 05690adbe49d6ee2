import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { WebhookForm } from "./webhook-form";

const ENDPOINT = "https://shop.example.com/zpay/webhooks";
const saved = { apiHook: ENDPOINT, callback: "https://shop.example.com/thank-you", shopify_store: "example-shop.myshopify.com", shopify_secret: "shpss_story" };

const meta = {
  title: "Settings/WebhookForm",
  component: WebhookForm,
  args: { api: merchantApi, settings: null, onSaved: fn() },
  parameters: { merchantSession: true, toastBar: true },
} satisfies Meta<typeof WebhookForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const endpointField = (canvas: HTMLElement, name = "API webhook endpoint") => within(canvas).getByRole("textbox", { name });

/** Nothing saved yet: four empty fields, and Save waits for a change. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(endpointField(canvasElement)).toHaveValue("");
    await expect(c.getByRole("textbox", { name: "Redirect URL" })).toHaveValue("");
    await expect(c.getByLabelText("Store secret")).toHaveAttribute("type", "password");
    await expect(c.getByRole("button", { name: "Save" })).toBeDisabled();
  },
};

/** The saved settings filled in; the store secret stays hidden. */
export const FilledIn: Story = {
  args: { settings: saved },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(endpointField(canvasElement)).toHaveValue(ENDPOINT);
    await expect(c.getByRole("textbox", { name: "Store" })).toHaveValue("example-shop.myshopify.com");
    await expect(c.getByLabelText("Store secret")).toHaveValue("shpss_story");
    await expect(c.getByRole("button", { name: "Save" })).toBeDisabled();
  },
};

/** Not a URL: the SPEC message under the field, and nothing is sent. */
export const NotAUrlShown: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(endpointField(canvasElement), "shop.example.com/hook");
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await c.findByText("Valid API endpoint is required")).toBeVisible();
    await expect(endpointField(canvasElement)).toHaveAttribute("aria-invalid", "true");
    await expect(storyServer.bodiesSentTo("POST", "/api/integrations")).toEqual([]);
  },
};

/** A loopback endpoint passes the browser's check but the server refuses it: its answer shows on the field. */
export const LoopbackRefused: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(endpointField(canvasElement), "http://127.0.0.1:8080/hook");
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await c.findByText("Valid API endpoint is required")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/integrations")).toHaveLength(1);
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

/** While the server answers, the button says so and waits. */
export const Saving: Story = {
  parameters: { msw: { handlers: [stalled("/api/integrations", "post")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(endpointField(canvasElement), ENDPOINT);
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await c.findByRole("button", { name: "Saving…" })).toBeDisabled();
  },
};

/** Saved: 'Updated successfully', the page gets the new settings, and Save waits for the next change. */
export const SavedShown: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(endpointField(canvasElement), ENDPOINT);
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await within(document.body).findByText("Updated successfully")).toBeVisible();
    await expect(args.onSaved).toHaveBeenCalledWith(expect.objectContaining({ apiHook: ENDPOINT }));
    await expect(c.getByRole("button", { name: "Save" })).toBeDisabled();
  },
};

/** The server failed: its message in a toast, the typed endpoint kept for another try. */
export const ServerErrorShown: Story = {
  parameters: { msw: { handlers: [failing("post", "/api/integrations")] } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(endpointField(canvasElement), ENDPOINT);
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await within(document.body).findByText(/^Internal server error/)).toBeVisible();
    await expect(endpointField(canvasElement)).toHaveValue(ENDPOINT);
    await expect(c.getByRole("button", { name: "Save" })).toBeEnabled();
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

export const French: Story = {
  args: { settings: saved },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(endpointField(canvasElement, "Point de terminaison webhook de l’API")).toHaveValue(ENDPOINT);
    await expect(within(canvasElement).getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  },
};

/** The server's refusal (written in English) reads in French under the field. */
export const FrenchLoopbackRefused: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(endpointField(canvasElement, "Point de terminaison webhook de l’API"), "http://localhost:3000/hook");
    await userEvent.click(c.getByRole("button", { name: "Enregistrer" }));
    await expect(await c.findByText("Un point de terminaison d’API valide est requis")).toBeVisible();
    await expect(c.queryByText("Valid API endpoint is required")).toBeNull();
  },
};

export const FrenchOnAPhone: Story = {
  args: { settings: saved },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Les payeurs y sont renvoyés après paiement.")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};

export const ErrorOnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(endpointField(canvasElement), "not a url");
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await c.findByText("Valid API endpoint is required")).toBeVisible();
  },
};
