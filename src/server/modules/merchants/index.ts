/**
 * The merchant's account facts that other modules share: whether they are onboarded, which
 * currencies they bill and price in, and what an operator grants them (permissions, custody).
 * Other modules, the admin CLI and the app import this file only.
 */
export { AdminError, listUsers, setNonCustodial, setPermission } from "./access";
export { markOnboarded } from "./onboarding";
export { allowedCurrencies, listSupportedCurrencies, updateBillingCurrency } from "./billing-currencies";
