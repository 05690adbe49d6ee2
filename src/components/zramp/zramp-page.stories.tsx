import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { http, HttpResponse } from "msw";
import { answering, stalled } from "@/testing/msw/overrides";
import { ZRampPage } from "./zramp-page";

/** A stand-in for the provider's page (stories have no network): what the frame shows. */
const PROVIDER_PAGE = `data:text/html;charset=utf-8,${encodeURIComponent(
  "<body style='font-family:sans-serif;margin:24px'><h2>Ramp provider</h2><p>Buy USDC on Solana</p></body>",
)}`;
const ready = answering("get", "/api/zramp", { data: { url: PROVIDER_PAGE } });
const notConfigured = answering("get", "/api/zramp", { data: { url: null } });

const meta = {
  title: "zRamp/ZRampPage",
  component: ZRampPage,
  parameters: { layout: "padded", merchantSession: true, msw: { handlers: [ready] } },
  args: { api: merchantApi },
} satisfies Meta<typeof ZRampPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The provider's page in its 700 px frame, with the way out to a new tab below it. */
export const RampShown: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const frame = await c.findByTitle("zRamp: buy crypto");
    await expect(frame).toHaveAttribute("src", PROVIDER_PAGE);
    await expect(Math.round(frame.getBoundingClientRect().height)).toBe(700 - 2); // inside the 1 px border
    await waitFor(() => expect(c.queryByRole("status", { name: "Loading the ramp…" })).toBeNull());
    await expect(c.getByRole("link", { name: /Open the ramp in a new tab/ })).toHaveAttribute("href", PROVIDER_PAGE);
  },
};

export const RampShownFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTitle("zRamp : acheter des cryptos")).toBeVisible();
    await waitFor(() => expect(c.queryByRole("status")).toBeNull());
    await expect(c.getByRole("link", { name: /Ouvrir la rampe dans un nouvel onglet/ })).toBeVisible();
  },
};

/** Waiting for the server's answer: a 700 px placeholder where the frame will be. */
export const Loading: Story = {
  parameters: { msw: { handlers: [stalled("/api/zramp", "get")] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText("Loading the ramp…")).toHaveAttribute("aria-busy", "true");
  },
};

/** No provider on this server: merchants read that zRamp is not offered here, and nothing about server settings. */
export const NotAvailable: Story = {
  parameters: { msw: { handlers: [notConfigured] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { name: "zRamp is not available on this server" })).toBeVisible();
    await expect(c.queryByText(/ZRAMP_PROVIDER_URL/)).toBeNull();
    await expect(c.queryByTitle("zRamp: buy crypto")).toBeNull();
  },
};

export const NotAvailableFrenchPhone: Story = {
  ...NotAvailable,
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { name: "zRamp n’est pas disponible sur ce serveur" })).toBeVisible();
    await expect(c.queryByText(/ZRAMP_PROVIDER_URL/)).toBeNull();
  },
};

/** The server could not answer: the reason and a retry, which shows the ramp once it answers. */
export const LoadFailedThenRetried: Story = {
  parameters: {
    msw: {
      handlers: [
        // Fails once, then the server has recovered.
        (() => {
          let calls = 0;
          return http.get("/api/zramp", () =>
            calls++ === 0 ? HttpResponse.json({ message: "Internal server error", code: "internal" }, { status: 500 }) : HttpResponse.json({ data: { url: PROVIDER_PAGE } }),
          );
        })(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("The ramp could not be loaded.");
    await userEvent.click(c.getByRole("button", { name: "Try again" }));
    await expect(await c.findByTitle("zRamp: buy crypto")).toBeVisible();
  },
};
