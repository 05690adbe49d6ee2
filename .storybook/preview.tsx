import type { Decorator, Preview } from "@storybook/react-vite";
import { I18nextProvider } from "react-i18next";
import type React from "react";
import { useEffect } from "react";
import { mswLoader } from "msw-storybook-addon/csf3";
import { MINIMAL_VIEWPORTS } from "storybook/viewport";
import "../src/styles/global.css";
import { initI18n, i18next } from "../src/i18n/i18n";
import { bundledResources } from "../src/i18n/bundled";
import { storyServer, type StoryServerData } from "../src/testing/msw/store";
import { startStoryWorker } from "../src/testing/msw/worker";
import { clearSession } from "../src/stores/session";
import { clearToasts } from "../src/stores/toasts";
import { $permissionDenied } from "../src/stores/merchant-api";
import { $serverMode } from "../src/stores/server-mode";
import { $zrampOffered } from "../src/stores/zramp-offered";
import { resetNextSteps } from "../src/stores/next-steps";
import { withMerchantSession } from "./decorators/merchant-session";
import { withToastBar } from "./decorators/toast-bar";

declare module "storybook/internal/csf" {
  interface Parameters {
    /** What the story server (src/testing/msw) holds when the story starts: zLinks, wallets, the account. */
    serverData?: StoryServerData;
  }
}

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

/** Every story starts signed out, without toasts, on a story server holding only its `serverData`. */
function freshStart(serverData?: StoryServerData) {
  storyServer.reset(serverData);
  clearSession();
  clearToasts();
  // What a server said in one story (its mode, a refused permission) is not carried to the next.
  $serverMode.set("");
  $zrampOffered.set("");
  resetNextSteps();
  $permissionDenied.set(false);
}

const preview: Preview = {
  // Decorators wrap outwards: the toast bar and the session sit inside the locale root.
  decorators: [withToastBar, withMerchantSession, withI18n],
  // Starts Mock Service Worker (awaited before the story renders) and applies the story's
  // `parameters.msw.handlers` over the story server's routes (src/testing/msw/handlers.ts).
  loaders: [mswLoader(startStoryWorker)],
  beforeEach: ({ parameters }) => {
    freshStart(parameters.serverData);
    return () => freshStart();
  },
  globalTypes: {
    locale: {
      description: "Language",
      toolbar: { icon: "globe", items: [{ value: "en", title: "English" }, { value: "fr", title: "Français" }] },
    },
  },
  initialGlobals: { locale: "en" },
  parameters: {
    layout: "padded",
    // `phone` is the smallest phone the product is drawn for (360 × 740, a common Android width);
    // phone stories use it so their baselines show what most small phones show.
    viewport: {
      options: { ...MINIMAL_VIEWPORTS, phone: { name: "Phone (360 px)", styles: { width: "360px", height: "740px" }, type: "mobile" } },
    },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Accessibility violations fail the story test (axe through addon-a11y).
    a11y: { test: "error" },
  },
  tags: ["autodocs"],
};

export default preview;
