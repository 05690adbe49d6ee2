import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { sampleProductionRequests } from "@/testing/msw/admin-fixtures";
import { failing } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { ProductionRequestsSection } from "./production-requests-section";

const meta = {
  title: "Admin/ProductionRequestsSection",
  component: ProductionRequestsSection,
  parameters: {
    layout: "padded",
    merchantSession: { settings: { permissions: ["quickpay", "admin_stats"] } },
    toastBar: true,
    serverData: { productionRequests: sampleProductionRequests },
  },
  args: { api: merchantApi, timeZone: "UTC" },
} satisfies Meta<typeof ProductionRequestsSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The table once its rows came (the first pending one's Grant is there). */
const table = async (canvas: HTMLElement) => {
  const t = await within(canvas).findByRole("table", { name: "Production access" });
  await within(t).findByRole("button", { name: /^Grant production access to 9xQe/ });
  return t;
};

/** Newest first; pending ones have Grant, the granted one its date. */
export const Requests: Story = {
  play: async ({ canvasElement }) => {
    const rows = within(await table(canvasElement)).getAllByRole("row").slice(1);
    await expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining("Pending"), expect.stringContaining("No e-mail address"), expect.stringContaining("Granted")]);
    await expect(within(rows[2]).queryByRole("button", { name: /^Grant/ })).toBeNull();
    await expect(within(rows[0]).getByRole("button", { name: /^Grant production access to 9xQe/ })).toBeEnabled();
  },
};

/** Grant: the merchant is e-mailed, the row turns Granted. */
export const Granted: Story = {
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement);
    await userEvent.click(within(t).getByRole("button", { name: /^Grant production access to 9xQe/ }));
    await expect(await within(document.body).findByText("Granted. hello@tea-house.example is e-mailed the next steps.")).toBeVisible();
    await waitFor(() => expect(within(t).getAllByRole("row")[1]).toHaveTextContent("Granted"));
    await expect(storyServer.bodiesSentTo("POST", "/api/admin/production-requests/m-3/grant")).toHaveLength(1);
  },
};

/** A merchant without an address: granted, and the admin is told to reach them another way. */
export const GrantedWithoutEmail: Story = {
  play: async ({ canvasElement }) => {
    const t = await table(canvasElement);
    await userEvent.click(within(t).getByRole("button", { name: /^Grant production access to 4Nd1/ }));
    await expect(await within(document.body).findByText("Granted. This merchant has no e-mail address: tell them the next steps yourself.")).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { serverData: { productionRequests: [] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("No request yet.")).toBeVisible();
  },
};

/** The list did not load: 'Something went wrong' and Retry. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/admin/production-requests")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Something went wrong: the requests could not be loaded.");
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const t = await within(canvasElement).findByRole("table", { name: "Accès production" });
    await expect(await within(t).findByRole("button", { name: /^Accorder l’accès production à 9xQe/ })).toBeVisible();
    await expect(within(t).getByText("Accordé")).toBeVisible();
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const t = await within(canvasElement).findByRole("table", { name: "Accès production" });
    await expect(await within(t).findAllByRole("button", { name: /^Accorder/ })).toHaveLength(2);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(within(await table(canvasElement)).getAllByRole("button", { name: /^Grant production access/ })).toHaveLength(2);
  },
};
