/**
 * The merchant's own account facts that every product module shares: whether they are onboarded
 * and which currencies they bill and price in. Other modules import this file only.
 */
export { markOnboarded } from "./onboarding";
export { allowedCurrencies, listSupportedCurrencies, updateBillingCurrency } from "./billing-currencies";
