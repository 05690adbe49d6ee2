import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { merchantApi } from "@/stores/merchant-api";
import type { SessionUser } from "@/stores/session";
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

export const SignedOutRedirects: Story = {
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith("/auth?from=mail"));
    await expect(canvasElement).toHaveTextContent("");
  },
};

export const TermsNotAcceptedRedirects: Story = {
  parameters: { merchantSession: { acceptedTerms: false } },
  play: async ({ args }) => {
    await waitFor(() => expect(args.redirect).toHaveBeenCalledWith("/auth?from=mail"));
  },
};
