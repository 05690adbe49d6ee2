import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { clearSession } from "@/stores/session";
import WalletSignIn from "./wallet-sign-in";

const meta = {
  title: "Islands/Auth/WalletSignIn",
  component: WalletSignIn,
  parameters: { layout: "centered" },
  // A signed-out visitor, as /auth sees one.
  beforeEach: () => {
    clearSession();
    return () => clearSession();
  },
} satisfies Meta<typeof WalletSignIn>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The wallet half of /auth once loaded, in a browser with no Solana wallet: the hint to install one. */
export const NoWalletInThisBrowser: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByText(/No Solana wallet was found in this browser/)).toBeVisible();
    await expect(c.queryByRole("button", { name: /Continue with/ })).toBeNull();
  },
};

/** The same for a French-speaking visitor. */
export const NoWalletInThisBrowserFrench: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Aucun portefeuille Solana n’a été trouvé/)).toBeVisible();
  },
};
