import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ApiKeysLink } from "./api-keys-link";

/** Settings › Security's line pointing at the API keys' one home, the zAPI page. */
const meta = {
  title: "Settings/ApiKeysLink",
  component: ApiKeysLink,
} satisfies Meta<typeof ApiKeysLink>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link")).toHaveAttribute("href", "/zapi");
  },
};

export const FrenchPhone: Story = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { locale: "fr", viewport: { value: "phone360", isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link")).toHaveAttribute("href", "/zapi");
  },
};
