import type { Decorator, Preview } from "@storybook/react-vite";
import { I18nextProvider } from "react-i18next";
import type React from "react";
import { useEffect } from "react";
import "../src/styles/global.css";
import { initI18n, i18next } from "../src/i18n/i18n";
import { bundledResources } from "../src/i18n/bundled";

await initI18n({ resources: bundledResources, lng: "en" });

/** Renders every story in the language picked in the toolbar (or a story's `globals.locale`). */
function LocaleRoot({ locale, children }: { locale: string; children: React.ReactNode }) {
  if (i18next.language !== locale) void i18next.changeLanguage(locale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <I18nextProvider i18n={i18next}>{children}</I18nextProvider>;
}

const withI18n: Decorator = (Story, context) => (
  <LocaleRoot locale={(context.globals.locale as string | undefined) ?? "en"}>
    <Story />
  </LocaleRoot>
);

const preview: Preview = {
  decorators: [withI18n],
  globalTypes: {
    locale: {
      description: "Language",
      toolbar: { icon: "globe", items: [{ value: "en", title: "English" }, { value: "fr", title: "Français" }] },
    },
  },
  initialGlobals: { locale: "en" },
  parameters: {
    layout: "padded",
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story test (axe through addon-a11y).
    a11y: { test: "error" },
  },
  tags: ["autodocs"],
};

export default preview;
