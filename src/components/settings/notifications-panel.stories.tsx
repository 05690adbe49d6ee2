import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { STORY_VERIFY_TOKEN } from "@/testing/msw/notify-handlers";
import { storyServer } from "@/testing/msw/store";
import { NotificationsPanel } from "./notifications-panel";

const meta = {
  title: "Settings/NotificationsPanel",
  component: NotificationsPanel,
  args: { api: merchantApi },
  parameters: { merchantSession: true, toastBar: true },
} satisfies Meta<typeof NotificationsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};
const unverified = { notificationEnabled: true, email: "shop@example.com", emailVerified: false };
const verified = { ...unverified, emailVerified: true };

/** Nothing set yet: notifications off, no address. */
export const Off: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("switch", { name: "E-mail me about payments" })).not.toBeChecked();
    await expect(c.getByRole("textbox", { name: "E-mail address" })).toHaveValue("");
  },
};

/** Turning notifications on without an address: the SPEC message, and nothing is sent. */
export const EmailRequired: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("switch", { name: "E-mail me about payments" }));
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await c.findByText("Email is required for notifications")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/profile/notification")).toEqual([]);
  },
};

/** Saving an address: 'Updated successfully', and the address waits for its verification link. */
export const SaveAddress: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("switch", { name: "E-mail me about payments" }));
    await userEvent.type(c.getByRole("textbox", { name: "E-mail address" }), "shop@example.com");
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await within(document.body).findByText("Updated successfully")).toBeVisible();
    await expect(await c.findByText(/shop@example.com is not verified yet/)).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/profile/notification")).toEqual([{ notificationEnabled: true, email: "shop@example.com" }]);
  },
};

/** An unverified address: the link is sent on request. */
export const Unverified: Story = {
  parameters: { serverData: { notifications: unverified } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Send verification link" }));
    await expect(await within(document.body).findByText("Verification link sent to shop@example.com")).toBeVisible();
  },
};

export const Verified: Story = {
  parameters: { serverData: { notifications: verified } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("shop@example.com is verified.")).toBeVisible();
  },
};

/** Opened from the verification mail: the token is used once and leaves the address bar. */
export const OpenedFromVerificationLink: Story = {
  parameters: { serverData: { notifications: unverified } },
  beforeEach: () => {
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}&verify=${STORY_VERIFY_TOKEN}`);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(document.body).findByText("E-mail address verified")).toBeVisible();
    await expect(await within(canvasElement).findByText("shop@example.com is verified.")).toBeVisible();
    await waitFor(() => expect(new URL(window.location.href).searchParams.has("verify")).toBe(false));
    await expect(storyServer.bodiesSentTo("POST", "/api/verify-email")).toEqual([{ token: STORY_VERIFY_TOKEN }]);
  },
};

/** A used or expired link: the server's words, and the address stays unverified. */
export const UsedVerificationLink: Story = {
  parameters: { serverData: { notifications: unverified } },
  beforeEach: () => {
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}&verify=used-token`);
  },
  play: async ({ canvasElement }) => {
    await expect(await within(document.body).findByText("This verification link is invalid, used or expired. Send a new one.")).toBeVisible();
    await expect(await within(canvasElement).findByRole("button", { name: "Send verification link" })).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { notifications: unverified } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Envoyer le lien de vérification" })).toBeVisible();
  },
};

export const FrenchEmailRequired: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("switch", { name: "M’avertir des paiements par e-mail" }));
    await userEvent.click(c.getByRole("button", { name: "Enregistrer" }));
    await expect(await c.findByText("L’e-mail est requis pour les notifications")).toBeVisible();
  },
};

export const Phone: Story = {
  ...phone360,
  parameters: { ...phone360.parameters, serverData: { notifications: unverified } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Send verification link" })).toBeVisible();
  },
};

export const FrenchPhone: Story = {
  ...phone360,
  globals: { ...phone360.globals, locale: "fr" },
  parameters: { ...phone360.parameters, serverData: { notifications: verified } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("shop@example.com est vérifiée.")).toBeVisible();
  },
};
