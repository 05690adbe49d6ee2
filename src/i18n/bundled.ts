import type { Resource } from "i18next";
import enCommon from "../../public/assets/translations/en/common.json";
import enUi from "../../public/assets/translations/en/ui.json";
import frCommon from "../../public/assets/translations/fr/common.json";
import frUi from "../../public/assets/translations/fr/ui.json";

/** The same JSON files the browser loads over HTTP, bundled for Storybook and unit tests. */
export const bundledResources: Resource = {
  en: { common: enCommon, ui: enUi },
  fr: { common: frCommon, ui: frUi },
};
