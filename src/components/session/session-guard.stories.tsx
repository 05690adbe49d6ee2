import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within, type Mock } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import { $session, setSession, type SessionUser } from "@/stores/session";
import { storyMerchant } from "@/testing/msw/fixtures";
import { answering } from "@/testing/msw/overrides";
import { SessionGuard } from "./session-guard";

const meta = {
  title: "Session/SessionGuard",
  component: SessionGuard,
  args: {
    api: merchantApi,
    redirect: fn(),
    location: { pathname: "/dashboard", search: "?from=mail" },
    children: (user: SessionUser) => <p>Merchant page for {user.email ?? user.publicKey}</p>,
  },
} satisfies Meta<typeof SessionGuard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The cached user renders at once, then the server's fresh copy (an email added since) replaces it. */
export const SignedIn: Story = {
  parameters: {
    merchantSession: true,
    msw: { handlers: [answering("get", "/api/session", { data: { user: storyMerchant({ email: "shop@example.com" }) } })] },
  },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(within(canvasElement).getByText("Merchant page for shop@example.com")).toBeVisible());
    await expect(args.redirect).not.toHaveBeenCalled();
  },
};

/** Signed out: nothing of the page shows; /auth is told to come back to the page and its search. */
export const SignedOutRedirects: Story = {
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith("/auth?next=%2Fdashboard%3Ffrom%3Dmail"));
    await expect(canvasElement).toHaveTextContent("");
  },
};

export const TermsNotAcceptedRedirects: Story = {
  parameters: { merchantSession: { acceptedTerms: false } },
  play: async ({ args }) => {
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith("/auth?next=%2Fdashboard%3Ffrom%3Dmail"));
  },
};

/**
 * A signed-out deep link to filtered orders: /auth comes back to them, filter included, and keeps
 * the referral code it reads itself.
 */
export const SignedOutDeepLinkRedirects: Story = {
  args: { location: { pathname: "/transactions", search: "?txStatus=paid&r=ABCD2345" } },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(args.redirect).toHaveBeenCalledOnce());
    const [[path]] = (args.redirect as Mock<(path: string) => void>).mock.calls;
    const target = new URL(path!, "http://localhost");
    await expect(target.pathname).toBe("/auth");
    await expect(target.searchParams.get("next")).toBe("/transactions?txStatus=paid&r=ABCD2345");
    await expect(target.searchParams.get("r")).toBe("ABCD2345");
    await expect(target.searchParams.get("txStatus")).toBeNull();
    await expect(canvasElement).toHaveTextContent("");
  },
};

/** An expired cached session is dropped, and the visit goes to /auth the same way. */
export const ExpiredSessionRedirects: Story = {
  args: { location: { pathname: "/settings/security", search: "" } },
  beforeEach: () => {
    setSession({ ...storyMerchant(), token: "expired", validTill: "2020-01-01T00:00:00Z" });
  },
  play: async ({ args }) => {
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith("/auth?next=%2Fsettings%2Fsecurity"));
    await expect($session.get()).toBeNull();
  },
};
