import type { Resource } from "i18next";
import enOrders from "../../public/assets/translations/en/orders.json";
import frOrders from "../../public/assets/translations/fr/orders.json";
import enZapi from "../../public/assets/translations/en/zapi.json";
import frZapi from "../../public/assets/translations/fr/zapi.json";
import enAuth from "../../public/assets/translations/en/auth.json";
import enCommon from "../../public/assets/translations/en/common.json";
import enPay from "../../public/assets/translations/en/pay.json";
import enShell from "../../public/assets/translations/en/shell.json";
import enUi from "../../public/assets/translations/en/ui.json";
import enZlink from "../../public/assets/translations/en/zlink.json";
import enRefunds from "../../public/assets/translations/en/refunds.json";
import enSettings from "../../public/assets/translations/en/settings.json";
import frAuth from "../../public/assets/translations/fr/auth.json";
import frCommon from "../../public/assets/translations/fr/common.json";
import frPay from "../../public/assets/translations/fr/pay.json";
import frShell from "../../public/assets/translations/fr/shell.json";
import frUi from "../../public/assets/translations/fr/ui.json";
import frZlink from "../../public/assets/translations/fr/zlink.json";
import frRefunds from "../../public/assets/translations/fr/refunds.json";
import frSettings from "../../public/assets/translations/fr/settings.json";
import enCollects from "../../public/assets/translations/en/collects.json";
import enInvoices from "../../public/assets/translations/en/invoices.json";
import enCheckouts from "../../public/assets/translations/en/checkouts.json";
import enDonates from "../../public/assets/translations/en/donates.json";
import frCollects from "../../public/assets/translations/fr/collects.json";
import frInvoices from "../../public/assets/translations/fr/invoices.json";
import frCheckouts from "../../public/assets/translations/fr/checkouts.json";
import frDonates from "../../public/assets/translations/fr/donates.json";
import enUnmapped from "../../public/assets/translations/en/unmapped.json";
import enAdmin from "../../public/assets/translations/en/admin.json";
import frAdmin from "../../public/assets/translations/fr/admin.json";
import enRewards from "../../public/assets/translations/en/rewards.json";
import frUnmapped from "../../public/assets/translations/fr/unmapped.json";
import frRewards from "../../public/assets/translations/fr/rewards.json";
import enErrors from "../../public/assets/translations/en/errors.json";
import frErrors from "../../public/assets/translations/fr/errors.json";
import enZramp from "../../public/assets/translations/en/zramp.json";
import frZramp from "../../public/assets/translations/fr/zramp.json";
import enNotifications from "../../public/assets/translations/en/notifications.json";
import frNotifications from "../../public/assets/translations/fr/notifications.json";
import enSecurity from "../../public/assets/translations/en/security.json";
import frSecurity from "../../public/assets/translations/fr/security.json";
import enIntegrations from "../../public/assets/translations/en/integrations.json";
import frIntegrations from "../../public/assets/translations/fr/integrations.json";

/** The same JSON files the browser loads over HTTP, bundled for Storybook and unit tests. */
export const bundledResources: Resource = {
  en: { common: enCommon, ui: enUi, shell: enShell, auth: enAuth, pay: enPay, zlink: enZlink, settings: enSettings, collects: enCollects, invoices: enInvoices, checkouts: enCheckouts, donates: enDonates, unmapped: enUnmapped, refunds: enRefunds, orders: enOrders, rewards: enRewards, errors: enErrors, zramp: enZramp, notifications: enNotifications, security: enSecurity, admin: enAdmin, zapi: enZapi, integrations: enIntegrations },
  fr: { common: frCommon, ui: frUi, shell: frShell, auth: frAuth, pay: frPay, zlink: frZlink, settings: frSettings, collects: frCollects, invoices: frInvoices, checkouts: frCheckouts, donates: frDonates, unmapped: frUnmapped, refunds: frRefunds, orders: frOrders, rewards: frRewards, errors: frErrors, zramp: frZramp, notifications: frNotifications, security: frSecurity, admin: frAdmin, zapi: frZapi, integrations: frIntegrations },
};
