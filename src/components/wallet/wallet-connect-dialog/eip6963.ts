import * as React from "react";

/**
 * EIP-6963 multi-wallet discovery: every injected EVM wallet announces itself (name, icon, rdns)
 * with its own EIP-1193 provider, so several can sit side by side without fighting over
 * `window.ethereum`. We ask once (`eip6963:requestProvider`) and keep listening, since an
 * extension may announce late.
 */

/** The part of an EIP-1193 provider the dialog uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

export interface Eip6963Info {
  uuid: string;
  name: string;
  /** A data: URI (EIP-6963 requires one). */
  icon: string;
  /** Reverse DNS id, e.g. `io.metamask`. */
  rdns: string;
}

export interface Eip6963Wallet {
  info: Eip6963Info;
  provider: Eip1193Provider;
}

type Announcement = CustomEvent<{ info?: Partial<Eip6963Info>; provider?: Eip1193Provider }>;

/** Whether an announcement carries what the dialog shows and uses (a wallet may send junk). */
function usable(detail: Announcement["detail"] | undefined): detail is Eip6963Wallet {
  const info = detail?.info;
  return (
    typeof detail?.provider?.request === "function" &&
    typeof info?.uuid === "string" &&
    typeof info.name === "string" &&
    info.name.trim() !== "" &&
    typeof info.icon === "string" &&
    info.icon.startsWith("data:image/") &&
    typeof info.rdns === "string"
  );
}

/**
 * Calls `onChange` with every wallet announced so far (one per uuid, in announcement order),
 * now and whenever another announces. Returns the function that stops listening.
 */
export function discoverEip6963Wallets(onChange: (wallets: Eip6963Wallet[]) => void, target: Window = window): () => void {
  const byUuid = new Map<string, Eip6963Wallet>();
  const onAnnounce = (event: Event) => {
    const detail = (event as Announcement).detail;
    if (!usable(detail) || byUuid.get(detail.info.uuid)?.provider === detail.provider) return;
    byUuid.set(detail.info.uuid, { info: { ...detail.info }, provider: detail.provider });
    onChange([...byUuid.values()]);
  };
  target.addEventListener("eip6963:announceProvider", onAnnounce);
  target.dispatchEvent(new Event("eip6963:requestProvider"));
  return () => target.removeEventListener("eip6963:announceProvider", onAnnounce);
}

/** The injected EVM wallets in this browser, kept up to date while mounted. */
export function useEip6963Wallets(): Eip6963Wallet[] {
  const [wallets, setWallets] = React.useState<Eip6963Wallet[]>([]);
  React.useEffect(() => discoverEip6963Wallets(setWallets), []);
  return wallets;
}
