import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PayMethodChooser } from "./pay-method-chooser";
import { pickPayOption } from "./pay-option";
import { EVM_ONLY_PRODUCT, LOCAL_EVM_B, MULTI_CHAIN_PRODUCT, SOLANA_ONLY_PRODUCT, USDC_PRODUCT } from "./testing/fake-pay";

const meta = {
  title: "Pay/PayMethodChooser",
  component: PayMethodChooser,
  parameters: { layout: "padded" },
  decorators: [(Story) => <div className="mx-auto max-w-md">{Story()}</div>],
  args: {
    product: MULTI_CHAIN_PRODUCT,
    family: "solana",
    option: pickPayOption(MULTI_CHAIN_PRODUCT, "solana")!,
    onPickFamily: fn(),
    onSelectOption: fn(),
  },
} satisfies Meta<typeof PayMethodChooser>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Solana picked: the family row and Solana's tokens (one network, so no network row). */
export const SolanaPicked: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("radio", { name: "Solana" })).toBeChecked();
    await expect(c.queryByRole("group", { name: "Network" })).toBeNull();
    await userEvent.click(c.getByRole("radio", { name: "USDT" }));
    await expect(args.onSelectOption).toHaveBeenCalledWith({ token: "USDT" });
    await userEvent.click(c.getByRole("radio", { name: "EVM" }));
    await expect(args.onPickFamily).toHaveBeenCalledWith("evm");
  },
};

/** EVM picked: its two networks and the tokens of the one picked. */
export const EvmNetworksAndTokens: Story = {
  args: { family: "evm", option: pickPayOption(MULTI_CHAIN_PRODUCT, "evm", { chainId: LOCAL_EVM_B, token: "USDT" })! },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("radio", { name: "Local EVM B" })).toBeChecked();
    await expect(c.getByRole("radio", { name: "USDT" })).toBeChecked();
    await userEvent.click(c.getByRole("radio", { name: "Local EVM A" }));
    await expect(args.onSelectOption).toHaveBeenCalledWith({ chainId: 31337 });
  },
};

/** The payer picked EVM: its wallet code loads, the choice waits with a spinner. */
export const LoadingEvm: Story = {
  args: { pendingFamily: "evm" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("radio", { name: "EVM" })).toBeChecked();
    await expect(c.getByRole("radio", { name: "Solana" })).toBeDisabled();
  },
};

/** A payment is starting: nothing can change. */
export const WhileStarting: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    for (const radio of within(canvasElement).getAllByRole("radio")) await expect(radio).toBeDisabled();
  },
};

/** A product with a single way to pay shows no chooser at all. */
export const NothingToChoose: Story = {
  args: { product: USDC_PRODUCT, option: pickPayOption(USDC_PRODUCT)! },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("group")).toBeNull();
  },
};

export const EvmNetworksAndTokensFrench: Story = {
  ...EvmNetworksAndTokens,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("group", { name: "Réseau" })).toBeVisible();
    await expect(c.getByRole("group", { name: "Jeton" })).toBeVisible();
  },
};

/** On a 360 px phone the rows wrap inside the column. */
export const EvmOnAPhone: Story = {
  ...EvmNetworksAndTokens,
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  },
};

/** A merchant who receives on Solana only (issue 26): no family to choose, only Solana's tokens. */
export const SolanaOnlyMerchant: Story = {
  args: { product: SOLANA_ONLY_PRODUCT, option: pickPayOption(SOLANA_ONLY_PRODUCT)! },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("radio", { name: "EVM" })).toBeNull();
    await expect(c.queryByRole("radio", { name: "Solana" })).toBeNull();
    await expect(c.getByRole("radio", { name: "USDC" })).toBeChecked();
  },
};

/** A merchant who receives on EVM only: no family to choose, its networks and tokens. */
export const EvmOnlyMerchant: Story = {
  args: { product: EVM_ONLY_PRODUCT, family: "evm", option: pickPayOption(EVM_ONLY_PRODUCT)! },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole("radio", { name: "Solana" })).toBeNull();
    await expect(c.getByRole("radio", { name: "Local EVM A" })).toBeChecked();
    await expect(c.getByRole("radio", { name: "Local EVM B" })).not.toBeChecked();
  },
};

export const SolanaOnlyMerchantFrench: Story = {
  ...SolanaOnlyMerchant,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("group", { name: "Réseau" })).toBeNull();
    await expect(within(canvasElement).getByRole("group", { name: "Jeton" })).toBeVisible();
  },
};
export const EvmOnlyMerchantFrench: Story = {
  ...EvmOnlyMerchant,
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("group", { name: "Réseau" })).toBeVisible();
  },
};
export const SolanaOnlyMerchantPhone: Story = { ...SolanaOnlyMerchant, globals: { viewport: { value: "phone" } } };
export const EvmOnlyMerchantPhone: Story = { ...EvmOnlyMerchant, globals: { viewport: { value: "phone" } } };
export const SolanaOnlyMerchantPhoneFrench: Story = { ...SolanaOnlyMerchantFrench, globals: { viewport: { value: "phone" }, locale: "fr" } };
export const EvmOnlyMerchantPhoneFrench: Story = { ...EvmOnlyMerchantFrench, globals: { viewport: { value: "phone" }, locale: "fr" } };
