import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

const tabs = [
  { value: "profile", label: "Profile", body: "Billing currency, display name, logo and colour." },
  { value: "deposits", label: "Deposits", body: "Wallet address and settlement currency (USDC)." },
  { value: "notifications", label: "Notifications", body: "Email preferences." },
  { value: "security", label: "Security", body: "API keys and the webhook form." },
];

const meta = {
  title: "UI/Tabs",
  component: Tabs,
  args: { defaultValue: "profile" },
  render: (args) => (
    <Tabs {...args} className="max-w-lg">
      <TabsList>
        {tabs.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((t) => (
        <TabsContent key={t.value} value={t.value} className="rounded-md border p-4 text-sm">
          {t.body}
        </TabsContent>
      ))}
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Settings tabs with Profile selected. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel", { name: "Profile" })).toHaveTextContent("Billing currency");
    await expect(canvas.getAllByRole("tabpanel")).toHaveLength(1);
  },
};

/** Clicking a tab shows its panel. */
export const DepositsSelected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "Deposits" }));
    await expect(canvas.getByRole("tab", { name: "Deposits" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel", { name: "Deposits" })).toHaveTextContent("settlement currency (USDC)");
  },
};

/** Arrow keys move between tabs and select them. */
export const KeyboardNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("tab", { name: "Profile" })).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    await expect(canvas.getByRole("tab", { name: "Security" })).toHaveFocus();
    await expect(canvas.getByRole("tabpanel", { name: "Security" })).toHaveTextContent("API keys");
  },
};

/** A tab can be unavailable. */
export const DisabledTab: Story = {
  render: (args) => (
    <Tabs {...args}>
      <TabsList>
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="security" disabled>
          Security
        </TabsTrigger>
      </TabsList>
      <TabsContent value="profile">Profile form</TabsContent>
      <TabsContent value="security">API keys</TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("tab", { name: "Security" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("tab", { name: "Security" }), { pointerEventsCheck: 0 });
    await expect(canvas.getByRole("tab", { name: "Profile" })).toHaveAttribute("aria-selected", "true");
  },
};
