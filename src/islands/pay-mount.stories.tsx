import { useEffect, useRef } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { USDC_PRODUCT } from "@/components/pay/testing/fake-pay";
import { paymentStores } from "@/stores/payment";
import { mountPayPage } from "./pay-mount";
import type { PayShellData } from "./pay-shell-data";

/** Mounts the pay page the way pay-boot.ts does once the payer picks a chain family. */
function Mounted({ data }: { data: PayShellData }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The pay page reads its link from the address (`?p=`), as at http://localhost:4322/?p=…
    const before = window.location.href;
    const url = new URL(before);
    if (data.product) url.searchParams.set("p", data.product.id);
    window.history.replaceState(null, "", url);
    if (root.current) void mountPayPage(root.current, data);
    return () => window.history.replaceState(null, "", before);
  }, [data]);
  return <div ref={root} />;
}

const meta = {
  title: "Islands/PayMount",
  component: Mounted,
  parameters: { layout: "fullscreen" },
  beforeEach: () => {
    paymentStores.forgetPayment();
    paymentStores.resetFlow();
    paymentStores.setStage("details-screen");
  },
  args: { data: { state: "ready", lng: "en", product: USDC_PRODUCT } },
} satisfies Meta<typeof Mounted>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The payer picked Solana: the island starts from the product the page served, no second fetch. */
export const PickedSolana: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "Pay Now" })).toBeVisible();
    await expect(await c.findByText(/No Solana wallet was found in this browser/)).toBeVisible();
  },
};

/** The page was served in French: the island draws in French from its first render. */
export const PickedSolanaFrench: Story = {
  args: { data: { state: "ready", lng: "fr", product: USDC_PRODUCT } },
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Aucun portefeuille Solana/)).toBeVisible();
  },
};
