import * as React from "react";
import type { ApiClient } from "@/lib/api-client";
import type { WalletNetworks } from "@/lib/receiving-wallets";

export type WalletNetworksState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; networks: WalletNetworks };

/** Loads the merchant's receiving wallets once (and again on `reload`). */
export function useReceivingWallets(api: ApiClient) {
  const [state, setState] = React.useState<WalletNetworksState>({ status: "loading" });
  const [round, setRound] = React.useState(0);
  React.useEffect(() => {
    let live = true;
    api
      .get<{ data: WalletNetworks }>("/wallet/networks")
      .then(({ data }) => live && setState({ status: "ready", networks: data }))
      .catch((err: unknown) => live && setState({ status: "error", message: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
    };
  }, [api, round]);
  const reload = React.useCallback(() => setRound((r) => r + 1), []);
  return { state, reload, setNetworks: (networks: WalletNetworks) => setState({ status: "ready", networks }) };
}
