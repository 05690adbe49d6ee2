import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { stubClipboard } from "@/testing/clipboard";
import { failing, stalled } from "@/testing/msw/overrides";
import { sampleReferrals } from "@/testing/msw/rewards-fixtures";
import { ReferralPage } from "./referral-page";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "Referral/ReferralPage",
  component: ReferralPage,
  parameters: { layout: "padded", merchantSession: true, toastBar: true, serverData: { referrals: sampleReferrals(3) } },
  args: { api: merchantApi, origin: "https://app.zpay.example", referralCode: "ABCD2345", timeZone: "UTC" },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof ReferralPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const EMPTY = "No referrals yet? Share your link and start earning rewards!";

/** Nobody signed up with the link yet: the link and the SPEC's empty text. */
export const Empty: Story = {
  parameters: { serverData: { referrals: [] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Referral");
    await expect(c.getByText("https://app.zpay.example/?r=ABCD2345")).toBeVisible();
    await expect(await c.findByText(EMPTY)).toBeVisible();
    await expect(c.queryByRole("list")).toBeNull();
  },
};

/** Three referees, newest first, each with their e-mail's local part and the day they joined. */
export const WithReferrals: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const list = await c.findByRole("list", { name: "Referrals, newest first" });
    const items = within(list).getAllByRole("listitem");
    await expect(items.map((li) => li.textContent)).toEqual(["adaNov 5, 2026", "grace.hopperNov 4, 2026", "alan+shopNov 3, 2026"]);
    await expect(c.getByText("3 referrals")).toBeVisible();
    await expect(c.queryByText(EMPTY)).toBeNull();
  },
};

/** Many referees: the list stops at 760 px and scrolls; it takes keyboard focus so the keyboard can scroll it. */
export const ManyReferrals: Story = {
  parameters: { serverData: { referrals: sampleReferrals(30) } },
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole("list", { name: "Referrals, newest first" });
    await expect(list.getBoundingClientRect().height).toBeLessThanOrEqual(760);
    await expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
    await expect(getComputedStyle(list).overflowY).toBe("auto");
    // Keyboard: after the link's copy button, Tab lands on the list itself.
    within(canvasElement).getByRole("button", { name: "Copy referral link" }).focus();
    await userEvent.tab();
    await expect(list).toHaveFocus();
    list.blur();
    window.scrollTo(0, 0); // focusing scrolled the page: the baseline shows it from the top
  },
};

/** A referee who has not given an e-mail yet. */
export const RefereeWithoutEmail: Story = {
  parameters: { serverData: { referrals: [{ createdAt: "2026-11-02T10:00:00.000Z", refereeInfo: { email: null } }] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("No e-mail yet")).toBeVisible();
    await expect(within(canvasElement).getByText("1 referral")).toBeVisible();
  },
};

/** The copy button puts the link on the clipboard and says so. */
export const CopyLink: Story = {
  tags: ["no-screenshot"],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Copy referral link" }));
    await waitFor(() => expect(within(document.body).getByText("Referral link copied to clipboard!")).toBeVisible());
    await expect(clipboard.writeText).toHaveBeenCalledWith("https://app.zpay.example/?r=ABCD2345");
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [stalled("/api/v1/referrals")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("status", { name: "Loading...." })).toHaveAttribute("aria-busy", "true");
    await expect(c.getByText("https://app.zpay.example/?r=ABCD2345")).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: [failing("get", "/api/v1/referrals")] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("alert")).toHaveTextContent("Something went wrong");
    await expect(c.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { level: 1 })).toHaveTextContent("Parrainage");
    await expect(await c.findByText("3 filleuls")).toBeVisible();
    await expect(c.getByText("5 nov. 2026")).toBeVisible();
  },
};

export const FrenchEmpty: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { referrals: [] } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Pas encore de filleuls ? Partagez votre lien et commencez à gagner des récompenses !")).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("grace.hopper")).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
