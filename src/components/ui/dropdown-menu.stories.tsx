import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { LogOutIcon, SettingsIcon } from "lucide-react";
import { Button } from "./button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

const onSettings = fn();
const onLogout = fn();

const meta = {
  title: "UI/DropdownMenu",
  component: DropdownMenu,
  beforeEach: () => {
    onSettings.mockClear();
    onLogout.mockClear();
  },
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">7xKX…AsU8</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuLabel>Account</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSettings}>
          <SettingsIcon aria-hidden="true" /> Settings
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={onLogout}>
          <LogOutIcon aria-hidden="true" /> Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
} satisfies Meta<typeof DropdownMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The profile menu, closed. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "7xKX…AsU8" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(within(document.body).queryByRole("menu")).not.toBeInTheDocument();
  },
};

/** Open: the items are listed and the first one can be reached with the arrow keys. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "7xKX…AsU8" }));
    const menu = await within(document.body).findByRole("menu");
    const items = within(menu).getAllByRole("menuitem");
    await expect(items.map((i) => i.textContent?.trim())).toEqual(["Settings", "Logout"]);
    await userEvent.keyboard("{ArrowDown}");
    await waitFor(() => expect(items[0]).toHaveFocus());
  },
};

/** Choosing an item runs its action and closes the menu. */
export const ItemSelected: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "7xKX…AsU8" });
    await userEvent.click(trigger);
    const menu = await within(document.body).findByRole("menu");
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Settings" }));
    await expect(onSettings).toHaveBeenCalledOnce();
    await expect(onLogout).not.toHaveBeenCalled();
    await waitFor(() => expect(within(document.body).queryByRole("menu")).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

/** Escape closes without choosing anything. */
export const ClosedWithEscape: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "7xKX…AsU8" }));
    await within(document.body).findByRole("menu");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(within(document.body).queryByRole("menu")).not.toBeInTheDocument());
    await expect(onSettings).not.toHaveBeenCalled();
  },
};

/** Checkbox and radio items keep their state visible (e.g. invoice currency). */
export const WithOptions: Story = {
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Invoice options</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuCheckboxItem checked>Show notes</DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Currency</DropdownMenuLabel>
        <DropdownMenuRadioGroup value="USD">
          <DropdownMenuRadioItem value="USD">USD</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="EUR">EUR</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Invoice options" }));
    const menu = await within(document.body).findByRole("menu");
    await expect(within(menu).getByRole("menuitemcheckbox", { name: "Show notes" })).toBeChecked();
    await expect(within(menu).getByRole("menuitemradio", { name: "USD" })).toBeChecked();
    await expect(within(menu).getByRole("menuitemradio", { name: "EUR" })).not.toBeChecked();
  },
};
