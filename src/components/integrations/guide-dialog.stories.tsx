import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { stubClipboard } from "@/testing/clipboard";
import { GuideDialog } from "./guide-dialog";

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: "Integrations/GuideDialog",
  component: GuideDialog,
  args: { guide: "node", appOrigin: "https://zpay.example.com", onOpenChange: fn() },
  beforeEach: () => {
    clipboard = stubClipboard("resolves");
    return clipboard.restore;
  },
} satisfies Meta<typeof GuideDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog is a portal: its content is looked for in the whole page. */
const dialog = (name: string) => within(document.body).findByRole("dialog", { name });

/** Node.js: four numbered steps, each with code to copy, and the links to the keys and the API reference. */
export const NodeInstructions: Story = {
  play: async () => {
    const d = within(await dialog("Node.js"));
    await expect(d.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["1. Install", "2. Configure", "3. Create your first payment", "4. Verify its webhooks"]);
    await expect(d.getAllByRole("button", { name: "Copy code" })).toHaveLength(4);
    await expect(d.getByRole("link", { name: "Open API keys" })).toHaveAttribute("href", "/zapi");
    await expect(d.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
  },
};

/** Web: the script zPay serves from this app's address, and the element that becomes the pay button. */
export const WebInstructions: Story = {
  args: { guide: "web" },
  play: async () => {
    const d = await dialog("Web SDK");
    await expect(d).toHaveTextContent('<script src="https://zpay.example.com/sdk/zpay.js" async></script>');
    await expect(within(d).getByText("Add the script to your page; zPay serves it.")).toBeVisible();
    await expect(within(d).getByRole("heading", { name: "4. Show the pay button" })).toBeVisible();
  },
};

/** Copy code beside a step puts exactly that step's code on the clipboard. */
export const InstallCommandCopied: Story = {
  play: async () => {
    const d = within(await dialog("Node.js"));
    await userEvent.click(d.getAllByRole("button", { name: "Copy code" })[0]!);
    await expect(clipboard.writeText).toHaveBeenCalledWith("npm install @zpay/node");
  },
};

/** Done asks to close; nothing else does on its own. */
export const DoneCloses: Story = {
  tags: ["no-screenshot"],
  play: async ({ args }) => {
    const d = within(await dialog("Node.js"));
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await userEvent.click(d.getByRole("button", { name: "Done" }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** No guide chosen: nothing shows. */
export const Closed: Story = {
  args: { guide: null },
  tags: ["no-screenshot"],
  play: async () => {
    await expect(within(document.body).queryByRole("dialog")).toBeNull();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async () => {
    const d = within(await dialog("Node.js"));
    await expect(d.getByRole("heading", { name: "4. Vérifier ses webhooks" })).toBeVisible();
    await expect(d.getByRole("button", { name: "Terminé" })).toBeVisible();
  },
};

/** On a 360 px phone the steps are taller than the screen: the dialog scrolls to Done, and nothing is wider than the screen. */
export const OnAPhoneScrollsToDone: Story = {
  globals: { viewport: { value: "phone" } },
  play: async () => {
    const d = await dialog("Node.js");
    await expect(d.scrollHeight).toBeGreaterThan(d.clientHeight);
    const done = within(d).getByRole("button", { name: "Done" });
    done.scrollIntoView({ block: "end" });
    await waitFor(() => expect(done.getBoundingClientRect().bottom).toBeLessThanOrEqual(window.innerHeight));
    await expect(d.scrollTop).toBeGreaterThan(0);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth);
  },
};

export const FrenchOnAPhone: Story = {
  args: { guide: "web" },
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async () => {
    const d = within(await dialog("SDK Web"));
    await expect(d.getByText("Ajoutez le script à votre page ; zPay le sert.")).toBeVisible();
  },
};
