import type { Meta, StoryObj } from "@storybook/react-vite";
import { http } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { failing, stalled } from "@/testing/msw/overrides";
import { errorResponse } from "@/testing/msw/respond";
import { samplePoints, sampleReferrals } from "@/testing/msw/rewards-fixtures";
import { PointsPage } from "./points-page";

const meta = {
  title: "Points/PointsPage",
  component: PointsPage,
  parameters: { layout: "padded", merchantSession: true, serverData: { points: samplePoints, referrals: sampleReferrals(3) } },
  args: { api: merchantApi },
} satisfies Meta<typeof PointsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The figure a label names, in its card. */
const figure = (canvas: HTMLElement, label: string) => within(canvas).getByText(label).nextElementSibling;

/** A new merchant: every figure zero, the boost 20%. */
export const NoPointsYet: Story = {
  // Every figure given: story parameters merge objects into the default sample's.
  parameters: { serverData: { points: { totalReceived: "0", totalPaid: "0", rampPayments: "0", pointsEarned: 0 }, referrals: [] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Points");
    await waitFor(() => expect(c.getByTestId("points-earned")).toHaveTextContent(/^0$/));
    await expect(figure(canvasElement, "Total points received")).toHaveTextContent("0");
    await expect(figure(canvasElement, "Total people referred")).toHaveTextContent("0");
    await expect(figure(canvasElement, "Total points earned by referee")).toHaveTextContent("0");
    await expect(figure(canvasElement, "Referral boost")).toHaveTextContent("20%");
  },
};

/** Points from payments received, sent and through the ramp; three people referred. */
export const WithPoints: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText("1,415")).toBeVisible();
    await expect(figure(canvasElement, "Total points received")).toHaveTextContent("1,234.5");
    await expect(figure(canvasElement, "Total points sent")).toHaveTextContent("80.25");
    await expect(figure(canvasElement, "Total ramp points")).toHaveTextContent("100");
    await expect(figure(canvasElement, "Total people referred")).toHaveTextContent("3");
    await expect(c.getByRole("heading", { name: "Points Program" })).toBeVisible();
    await expect(c.getByRole("heading", { name: "Referral Points" })).toBeVisible();
    await expect(c.getByRole("link", { name: "Invite merchants" })).toHaveAttribute("href", "/referral");
    await expect(c.getByText("2x points per $1 spent through the ramp")).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled("/api/points")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText("Points Earned").closest("[aria-busy]")).toHaveAttribute("aria-busy", "true");
    await expect(c.getByText("1 point per $1 received")).toBeVisible();
  },
};

/** The points cannot be read: 'Something went wrong' and Try again, which reads them again. */
export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/points")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("Something went wrong");
    await expect(c.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** Try again after a failure reads the points again (here the server answers the second time). */
export const RetryAfterError: Story = {
  parameters: { msw: { handlers: [http.get("/api/points", () => errorResponse(500, "internal", "Internal server error"), { once: true })] } },
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Try again" }));
    await expect(await c.findByText("1,415")).toBeVisible();
    await expect(c.queryByRole("alert")).toBeNull();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(c.getByTestId("points-earned")).toHaveTextContent(/^1\s415$/));
    await expect(c.getByRole("heading", { name: "Programme de points" })).toBeVisible();
    await expect(figure(canvasElement, "Total des points reçus")).toHaveTextContent(/^1\s234,5$/);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("1,415")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

export const FrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Bonus de parrainage")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
