/** Solana wallet apps a phone visitor can open the site inside (SPEC §2 Sign-in). */
export interface WalletApp {
  id: "phantom" | "solflare" | "backpack";
  name: string;
  /** The app's universal link that opens `url` in its in-app browser. */
  browseLink(url: string, ref: string): string;
  /** Where to get the app when it is not installed. */
  download: string;
}

export const WALLET_APPS: readonly WalletApp[] = [
  {
    id: "phantom",
    name: "Phantom",
    browseLink: (url, ref) => `https://phantom.app/ul/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(ref)}`,
    download: "https://phantom.app/download",
  },
  {
    id: "solflare",
    name: "Solflare",
    browseLink: (url, ref) => `https://solflare.com/ul/v1/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(ref)}`,
    download: "https://solflare.com/download",
  },
  {
    id: "backpack",
    name: "Backpack",
    browseLink: (url, ref) => `https://backpack.app/ul/v1/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(ref)}`,
    download: "https://backpack.app/downloads",
  },
];

/** SPEC §9: how long to wait for the app to take over before offering its download page. */
export const DEEP_LINK_FALLBACK_MS = 3000;

export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|webOS|BlackBerry|Opera Mini|IEMobile/i.test(userAgent);
}

/** The current page's address with `openedInApp=1`, so the page knows it runs inside the app. */
export function inAppUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.set("openedInApp", "1");
  return url.toString();
}

export function openedInApp(search: string): boolean {
  return new URLSearchParams(search).get("openedInApp") === "1";
}
