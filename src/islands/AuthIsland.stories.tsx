import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { $session } from "@/stores/session";
import { STORY_NONCE, STORY_WALLET, storyMerchant } from "@/testing/msw/fixtures";
import { storyServer } from "@/testing/msw/store";
import { registerSolanaWallet } from "@/testing/story-solana-wallet";
import AuthIsland from "./AuthIsland";

const WALLET_NAME = "Story Wallet";
/** The wallet's plain teal icon (the visual baselines show it). */
const WALLET_ICON =
  "data:image/svg+xml;base64," +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#14b8a6"/></svg>');

/**
 * A Wallet Standard wallet in the page holding STORY_WALLET; it signs with a dummy signature,
 * since the story's server accepts any. Returns the unregister function.
 */
const registerStoryWallet = () => registerSolanaWallet({ name: WALLET_NAME, address: STORY_WALLET, icon: WALLET_ICON, signTransaction: true });

const meta = {
  title: "Islands/Auth",
  component: AuthIsland,
  parameters: { layout: "fullscreen" },
  // A signed-out visitor (a live accepted session would leave for /dashboard); preview.tsx signs
  // everybody out before a story. The wallet adapter remembers the last wallet: forget it after.
  beforeEach: () => () => localStorage.removeItem("walletName"),
} satisfies Meta<typeof AuthIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A desktop browser without a Solana wallet extension: the hint to install one. */
export const SignedOutWithoutWallet: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { name: "Sign in" })).toBeVisible();
    // The wallet code arrives after first paint (idle or first interaction), then the list or this hint.
    await expect(await c.findByText(/No Solana wallet was found in this browser/)).toBeVisible();
    await expect(c.queryByRole("button", { name: /Continue with/ })).toBeNull();
    await expect(c.queryByRole("button", { name: "Phantom" })).toBeNull();
  },
};

/** A phone browser (not inside a wallet app): buttons that open the page in Phantom, Solflare or Backpack. */
export const SignedOutOnAPhone: Story = {
  globals: { viewport: { value: "phone" } },
  beforeEach: () => {
    Object.defineProperty(navigator, "userAgent", {
      configurable: true,
      get: () => "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    });
    return () => {
      Reflect.deleteProperty(navigator, "userAgent");
    };
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { name: "Open in a wallet app" })).toBeVisible();
    for (const name of ["Phantom", "Solflare", "Backpack"]) await expect(c.getByRole("button", { name })).toBeVisible();
  },
};

export const SignedOutFrench: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { name: "Connexion" })).toBeVisible();
    await expect(await c.findByText(/Aucun portefeuille Solana n’a été trouvé/)).toBeVisible();
  },
};

/**
 * A first sign-in with a detected wallet: the signed message goes to the server, the terms open;
 * rejecting them signs out again and the panel is back.
 */
export const FirstSignInTermsRejected: Story = {
  // The story wallet's account on the server: a first-time merchant, terms not accepted yet.
  parameters: { serverData: { merchant: storyMerchant({ acceptedTerms: false, settings: { isOnboarded: false } }) } },
  beforeEach: () => registerStoryWallet(),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: `Continue with ${WALLET_NAME}` }));
    const terms = await within(document.body).findByRole("dialog", { name: "Terms of service" });
    await expect(storyServer.bodiesSentTo("POST", "/api/auth/nonce")).toEqual([{ publicKey: STORY_WALLET }]);
    await expect(storyServer.bodiesSentTo("POST", "/api/solana-signin")).toEqual([
      expect.objectContaining({
        publicKey: STORY_WALLET,
        signature: Array(64).fill(7),
        message: expect.stringMatching(
          new RegExp(`^localhost:4321 wants you to sign in with your Solana account:\n${STORY_WALLET}\n\nSign in to zPay\\. [^]*\nNonce: ${STORY_NONCE}\n`),
        ),
      }),
    ]);
    await expect($session.get()).toMatchObject({ publicKey: STORY_WALLET, acceptedTerms: false });
    await userEvent.click(within(terms).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(within(document.body).queryByRole("dialog")).toBeNull());
    await expect($session.get()).toBeNull();
    // The server's session is revoked too, with the token the sign-in gave.
    await waitFor(() => expect(storyServer.bodiesSentTo("GET", "/api/signout")).toHaveLength(1));
    await expect(storyServer.token).toBeNull();
    await expect(c.getByRole("button", { name: `Continue with ${WALLET_NAME}` })).toBeEnabled();
  },
};
