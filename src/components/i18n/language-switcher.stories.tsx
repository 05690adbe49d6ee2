import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within, waitFor } from "storybook/test";
import { i18next } from "@/i18n/i18n";
import { LANGUAGE_STORAGE_KEY } from "@/i18n/config";
import { storyServer } from "@/testing/msw/store";
import { LanguageSwitcher } from "./language-switcher";

const meta = {
  title: "I18n/LanguageSwitcher",
  component: LanguageSwitcher,
  beforeEach: () => () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    void i18next.changeLanguage("en");
  },
} satisfies Meta<typeof LanguageSwitcher>;
export default meta;
type Story = StoryObj<typeof meta>;

export const English: Story = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole("combobox", { name: "Language" });
    await expect(select).toHaveValue("en");
  },
};

export const SwitchedToFrench: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Language" }), "fr");
    await waitFor(() => expect(canvas.getByRole("combobox", { name: "Langue" })).toHaveValue("fr"));
    await expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("fr");
    await expect(document.documentElement.lang).toBe("fr");
  },
};

/** A signed-in merchant switches: the server is told too, so their e-mails follow the language. */
export const SignedInTellsTheServer: Story = {
  parameters: { merchantSession: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Language" }), "fr");
    await waitFor(() => expect(storyServer.bodiesSentTo("PUT", "/api/me/language")).toEqual([{ language: "fr" }]));
    await expect(canvas.getByRole("combobox", { name: "Langue" })).toHaveValue("fr");
  },
};

/** Signed out (welcome, sign-in, a payer on the pay page): the choice stays in the browser. */
export const SignedOutStaysLocal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Language" }), "fr");
    await waitFor(() => expect(canvas.getByRole("combobox", { name: "Langue" })).toHaveValue("fr"));
    await expect(storyServer.bodiesSentTo("PUT", "/api/me/language")).toEqual([]);
  },
};
