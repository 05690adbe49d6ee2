import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { failing, stalled } from "@/testing/msw/overrides";
import { storyServer } from "@/testing/msw/store";
import { sampleInflows, sampleOpenPayments } from "@/testing/msw/unmapped-fixtures";
import { UnmappedPage } from "./unmapped-page";

const meta = {
  title: "Unmapped/UnmappedPage",
  component: UnmappedPage,
  parameters: {
    layout: "padded",
    merchantSession: { settings: { permissions: ["quickpay", "mapped"] } },
    toastBar: true,
    serverData: { unmapped: sampleInflows, openPayments: sampleOpenPayments },
  },
  args: { api: merchantApi, timeZone: "UTC" },
} satisfies Meta<typeof UnmappedPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const openMap = async (canvas: HTMLElement, name = /^Map 12\.5 USDC from/) => {
  await userEvent.click(await within(canvas).findByRole("button", { name }));
  return body().findByRole("dialog");
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled()] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("table")).toHaveAttribute("aria-busy", "true");
  },
};

export const Empty: Story = {
  parameters: { serverData: { unmapped: [] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Unmapped");
    await expect(await c.findByRole("cell", { name: "Nothing unmapped: every transfer to your wallet paid a payment." })).toBeVisible();
  },
};

/** Date, Amount, Token, Sender, Hash (explorer link) and Map on every inflow. */
export const WithInflows: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("cell", { name: "12.5" })).toBeVisible();
    await expect(c.getAllByRole("row")).toHaveLength(1 + sampleInflows.length);
    await expect(c.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Date", "Amount", "Token", "Sender", "Hash", "Map"]);
    const link = c.getByRole("link", { name: new RegExp(sampleInflows[0].hash) });
    await expect(link).toHaveAttribute("href", sampleInflows[0].scanLink);
    await expect(c.getAllByRole("button", { name: /^Refund / })).toHaveLength(sampleInflows.length);
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/v2/unmapped")] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent("Something went wrong");
    await expect(within(canvasElement).getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** The Map dialog lists the open USDC payments: waiting, expired, underpaid. */
export const MapDialog: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openMap(canvasElement));
    await expect(dialog.getByRole("heading", { name: "Map to a payment" })).toBeVisible();
    await expect(await dialog.findAllByRole("radio")).toHaveLength(3);
    await expect(dialog.getByText(/Underpaid: 7.5 USDC received/)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Map" })).toBeDisabled();
  },
};

/** No open payment expects this token: the dialog says so and Map stays disabled. */
export const MapDialogEmpty: Story = {
  parameters: { serverData: { unmapped: sampleInflows, openPayments: [] } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openMap(canvasElement));
    await expect(await dialog.findByText(/No open payment of yours expects USDC on this wallet/)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Map" })).toBeDisabled();
  },
};

/** Mapping credits the payment: the row leaves the list and the payment's details open, validated. */
export const Mapped: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await openMap(canvasElement));
    await userEvent.click(await dialog.findByRole("radio", { name: /zRequest · 12.5 USDC/ }));
    await userEvent.click(dialog.getByRole("button", { name: "Map" }));
    await expect(await body().findByText("Mapped to the payment")).toBeVisible();
    // The details dialog is modal: the page behind it is hidden from the accessibility tree.
    await waitFor(() => expect(within(canvasElement).getAllByRole("row", { hidden: true })).toHaveLength(sampleInflows.length));
    await expect(storyServer.bodiesSentTo("POST", "/api/v2/unmapped/inflow-1/map")).toEqual([{ paymentId: sampleOpenPayments[0]._id }]);
    await expect(await body().findByRole("dialog")).toHaveTextContent(sampleInflows[0].hash);
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("columnheader", { name: "Expéditeur" })).toBeVisible();
  },
};

export const FrenchMapDialog: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const dialog = within(await openMap(canvasElement, /^Rapprocher 12\.5 USDC de/));
    await expect(await dialog.findByText(/Paiement partiel : 7.5 USDC reçus/)).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("12.5")).toBeVisible();
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("12.5")).toBeVisible();
  },
};

export const PhoneMapDialog: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const dialog = within(await openMap(canvasElement));
    await expect(await dialog.findAllByRole("radio")).toHaveLength(3);
  },
};
