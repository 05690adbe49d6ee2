import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { LANGUAGE_STORAGE_KEY } from "@/i18n/config";
import { i18next } from "@/i18n/i18n";
import { I18nRoot } from "./i18n-root";
import { LanguageSwitcher } from "./language-switcher";

/** An island's content: translated text from the `common` namespace. */
function Welcome() {
  const { t } = useTranslation("common");
  return (
    <main className="space-y-2">
      <h1 className="text-2xl font-bold">{t("home.title")}</h1>
      <p className="text-sm text-muted-foreground">{t("home.tagline")}</p>
    </main>
  );
}

const meta = {
  title: "I18n/I18nRoot",
  component: I18nRoot,
  args: { children: <Welcome />, fallback: <p>Loading…</p> },
  // The page shell names its title key and brand on <html> (BaseLayout); the root keeps the title translated.
  beforeEach: () => {
    const root = document.documentElement;
    const title = document.title;
    root.dataset.titleKey = "titles.settings";
    root.dataset.brand = "zPay";
    return () => {
      delete root.dataset.titleKey;
      delete root.dataset.brand;
      document.title = title;
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
      void i18next.changeLanguage("en");
    };
  },
} satisfies Meta<typeof I18nRoot>;
export default meta;
type Story = StoryObj<typeof meta>;

/** i18next is ready: the island renders at once (no fallback) and the tab reads 'Settings - zPay'. */
export const English: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole("heading", { name: "Welcome" })).toBeVisible();
    await expect(c.queryByText("Loading…")).toBeNull();
    await waitFor(() => expect(document.title).toBe("Settings - zPay"));
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Bienvenue" })).toBeVisible();
    await waitFor(() => expect(document.title).toBe("Paramètres - zPay"));
  },
};

/** Picking French in the island's switcher translates the content and the tab title without a reload. */
export const SwitchingToFrenchRetitles: Story = {
  args: {
    children: (
      <>
        <LanguageSwitcher />
        <Welcome />
      </>
    ),
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await waitFor(() => expect(document.title).toBe("Settings - zPay"));
    await userEvent.selectOptions(c.getByRole("combobox", { name: "Language" }), "fr");
    await waitFor(() => expect(c.getByRole("heading", { name: "Bienvenue" })).toBeVisible());
    await expect(document.title).toBe("Paramètres - zPay");
  },
};
