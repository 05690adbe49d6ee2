/**
 * Every "attach a receiving wallet" call in the app (the no-wallet warning, the dashboard's first
 * next step, the balances card) leads to Settings › Deposits with the wallet dialog already open:
 * attaching is one click away wherever a merchant is told to do it (issue 28).
 */

/** The query Settings › Deposits reads to open the wallet dialog. */
export const OPEN_WALLET_PARAM = "open-wallet";

/** Where an "attach a wallet" link goes. */
export const ATTACH_WALLET_HREF = `/settings/deposits?${OPEN_WALLET_PARAM}=true`;

/** Whether the page's query asks for the wallet dialog. */
export function asksToOpenWallet(search: string): boolean {
  return new URLSearchParams(search).get(OPEN_WALLET_PARAM) === "true";
}
