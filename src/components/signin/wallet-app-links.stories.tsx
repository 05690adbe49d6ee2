import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { WALLET_APPS } from "@/lib/wallet-apps";
import { WalletAppLinks } from "./wallet-app-links";

const meta = {
  title: "SignIn/WalletAppLinks",
  component: WalletAppLinks,
  args: { onOpen: fn() },
} satisfies Meta<typeof WalletAppLinks>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ThreeApps: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Backpack" }));
    await expect(args.onOpen).toHaveBeenCalledWith(WALLET_APPS[2]);
  },
};
