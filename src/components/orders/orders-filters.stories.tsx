import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { enterDay, expectDayProblem, typeDay } from "@/testing/day-field-steps";
import { STORY_NOW } from "@/testing/msw/fixtures";
import { defaultFilters } from "@/lib/transaction-filters";
import { OrdersFilters } from "./orders-filters";

/** 2026-11-05 in UTC: the defaults are 04/11/2026 – 05/11/2026, failed, validated and paid, hash and order ID. */
const defaults = defaultFilters(new Date(STORY_NOW));
const filledIn = { ...defaults, filterText: "Zl7Hq2", filterFields: ["hash", "order_id", "email"] as typeof defaults.filterFields, txStatus: ["paid" as const], timeStart: "01/11/2026", minAmount: "10" };

const meta = {
  title: "Orders/OrdersFilters",
  component: OrdersFilters,
  args: { value: defaults, defaults, onApply: fn(), onReset: fn(), onDownload: fn() },
} satisfies Meta<typeof OrdersFilters>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The SPEC §9 defaults, every filter in sight on a wide screen (no disclosure button). */
export const Defaults: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("textbox", { name: "From" })).toHaveValue("04/11/2026");
    await expect(c.getByRole("textbox", { name: "To" })).toHaveValue("05/11/2026");
    await expect(c.getByRole("textbox", { name: "From" })).toBeVisible();
    await expect(c.queryByRole("button", { name: "Filters" })).toBeNull();
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(args.onApply).toHaveBeenCalledWith(defaults);
  },
};

/** A changed search: days typed dd/MM/yyyy (tidied when left) go out as they read. */
export const FilledIn: Story = {
  args: { value: filledIn },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const to = c.getByRole("textbox", { name: "To" });
    await enterDay(to, "03112026", c.getByRole("button", { name: "Apply" }));
    await expect(to).toHaveValue("03/11/2026");
    await expectDayProblem(c, to, null);
    await expect(args.onApply).toHaveBeenCalledWith({ ...filledIn, timeEnd: "03/11/2026" });
  },
};

/** 31/02/2026 is refused: the message sits under the field, Apply does nothing and the field has the focus. */
export const InvalidDayShown: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const from = c.getByRole("textbox", { name: "From" });
    await enterDay(from, "31/02/2026", c.getByRole("button", { name: "Apply" }));
    await expectDayProblem(c, from, "31/02/2026 is not a date in the calendar.");
    await expect(from).toHaveFocus();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** An end before the start is refused the same way, under To. */
export const EndBeforeStartShown: Story = {
  args: { value: { ...defaults, timeStart: "05/11/2026", timeEnd: "01/11/2026" } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(c.getByRole("alert")).toHaveTextContent("The end is before the start.");
    await expect(c.getByRole("textbox", { name: "To" })).toHaveFocus();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** Every status unticked: Apply says to tick one (the list would be empty) and goes to the first box. */
export const NoStatusRefused: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const status = c.getByRole("group", { name: "Status" });
    for (const box of within(status).getAllByRole("checkbox", { checked: true })) await userEvent.click(box);
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(within(status).getByRole("alert")).toHaveTextContent("Tick at least one status.");
    await expect(status).toHaveAccessibleDescription("Tick at least one status.");
    await expect(within(status).getAllByRole("checkbox")[0]).toHaveFocus();
    await expect(args.onApply).not.toHaveBeenCalled();
    await userEvent.click(within(status).getByRole("checkbox", { name: "Paid" }));
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(args.onApply).toHaveBeenCalledWith({ ...defaults, txStatus: ["paid"] });
  },
};

/** No field to search in, on a French phone: the folded panel opens on the refusal. */
export const NoFieldRefusedFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const disclosure = c.getByRole("button", { name: /^Filtres/ });
    await userEvent.click(disclosure);
    const fields = c.getByRole("group", { name: "Rechercher dans" });
    for (const box of within(fields).getAllByRole("checkbox", { checked: true })) await userEvent.click(box);
    await userEvent.click(disclosure);
    await expect(disclosure).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(c.getByRole("button", { name: "Appliquer" }));
    await expect(disclosure).toHaveAttribute("aria-expanded", "true");
    await expect(within(fields).getByRole("alert")).toHaveTextContent("Cochez au moins un champ où chercher.");
    await expect(within(fields).getAllByRole("checkbox")[0]).toHaveFocus();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** While the CSV streams in, the button counts the rows and cannot be pressed again. */
export const DownloadingWithRowCount: Story = {
  args: { downloadedRows: 1250 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Downloading… 1250 rows" })).toBeDisabled();
  },
};

/** On a phone only the search, the disclosure (counting the four changed filters) and the buttons show. */
export const PhoneCollapsed: Story = {
  globals: { viewport: { value: "phone" } },
  args: { value: filledIn },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const disclosure = c.getByRole("button", { name: "Filters (4)" });
    await expect(disclosure).toHaveAttribute("aria-expanded", "false");
    await expect(c.getByRole("searchbox", { name: "Search" })).toBeVisible();
    await expect(c.getByRole("button", { name: "Download CSV" })).toBeVisible();
    await expect(c.queryByRole("textbox", { name: "From" })).toBeNull();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Opened from the keyboard: every filter, in French; a refused Apply would open it too. */
export const PhoneOpened: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  args: { value: { ...defaults, txStatus: ["paid", "validated", "failed", "initiated"] } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const disclosure = c.getByRole("button", { name: "Filtres (1)" });
    disclosure.focus();
    await userEvent.keyboard("{Enter}");
    await expect(disclosure).toHaveAttribute("aria-expanded", "true");
    await expect(c.getByRole("textbox", { name: "Du" })).toBeVisible();
    await expect(c.getByRole("checkbox", { name: "Initié" })).toBeChecked();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** A folded panel holding a bad day opens again on Apply, with the focus on that day. */
export const PhoneRefusedOpens: Story = {
  globals: { viewport: { value: "phone" } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const disclosure = c.getByRole("button", { name: "Filters" });
    await userEvent.click(disclosure);
    const to = c.getByRole("textbox", { name: "To" });
    await typeDay(to, "31/04/2026");
    await userEvent.click(disclosure);
    await expect(disclosure).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(c.getByRole("button", { name: "Apply" }));
    await expect(disclosure).toHaveAttribute("aria-expanded", "true");
    await expect(to).toHaveFocus();
    await expectDayProblem(c, to, "31/04/2026 is not a date in the calendar.");
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  args: { value: filledIn },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("textbox", { name: "Du" })).toHaveAttribute("placeholder", "jj/mm/aaaa");
    await expect(c.getByRole("button", { name: "Télécharger le CSV" })).toBeVisible();
  },
};

/**
 * French on a 1280 px screen: the days read dd/MM/yyyy (jj/mm/aaaa), yesterday to today, never the
 * browser's MM/DD/YYYY; 5.11.2026 typed from the keyboard is tidied to 05/11/2026, and a day in
 * the American order (11/31/2026) is named as not in the calendar.
 */
export const FrenchDesktop: Story = {
  globals: { locale: "fr", viewport: { value: "desktop", isRotated: false } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const from = c.getByRole("textbox", { name: "Du" });
    const to = c.getByRole("textbox", { name: "Au" });
    await expect(from).toHaveValue("04/11/2026");
    await expect(to).toHaveValue("05/11/2026");
    await expect(from).toHaveAttribute("placeholder", "jj/mm/aaaa");
    await enterDay(from, "5.11.2026");
    await expect(from).toHaveValue("05/11/2026");
    await enterDay(to, "11/31/2026", c.getByRole("button", { name: "Appliquer" }));
    await expectDayProblem(c, to, "Le 11/31/2026 n’existe pas dans le calendrier.");
    await expect(to).toHaveFocus();
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};
