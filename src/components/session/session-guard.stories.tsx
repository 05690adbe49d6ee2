import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import type { ApiClient } from "@/lib/api-client";
import { clearSession, setSession, type SessionUser } from "@/stores/session";
import { SessionGuard } from "./session-guard";

const liveUser = (acceptedTerms: boolean): SessionUser => ({
  _id: "u1",
  publicKey: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  email: null,
  acceptedTerms,
  referralCode: "ABCD2345",
  token: "tok",
  validTill: new Date(Date.now() + 3600_000).toISOString(),
  settings: { permissions: [], rampOnly: false, isOnboarded: false },
});
const api = (): ApiClient => ({
  get: fn(async () => ({ data: { user: { ...liveUser(true), email: "shop@example.com" } } })) as ApiClient["get"],
  post: fn() as ApiClient["post"],
  put: fn() as ApiClient["put"],
  delete: fn() as ApiClient["delete"],
});

const meta = {
  title: "Session/SessionGuard",
  component: SessionGuard,
  args: {
    api: api(),
    redirect: fn(),
    location: { pathname: "/dashboard", search: "?from=mail" },
    children: (user: SessionUser) => <p>Merchant page for {user.email ?? user.publicKey}</p>,
  },
  beforeEach: () => clearSession,
} satisfies Meta<typeof SessionGuard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  beforeEach: () => setSession(liveUser(true)),
  args: { api: api() },
  play: async ({ canvasElement, args }) => {
    // The cached user renders at once, then the server's fresh copy replaces it.
    await waitFor(() => expect(within(canvasElement).getByText("Merchant page for shop@example.com")).toBeVisible());
    await expect(args.api.get).toHaveBeenCalledWith("/session");
    await expect(args.redirect).not.toHaveBeenCalled();
  },
};

export const SignedOutRedirects: Story = {
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith("/auth?from=mail"));
    await expect(canvasElement).toHaveTextContent("");
  },
};

export const TermsNotAcceptedRedirects: Story = {
  beforeEach: () => setSession(liveUser(false)),
  play: async ({ args }) => {
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith("/auth?from=mail"));
  },
};
