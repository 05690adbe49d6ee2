import * as React from "react";
import type { ApiClient } from "@/lib/api-client";
import type { WalletNetworksStatus } from "@/lib/receiving-wallets";

export type WalletStatusState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; wallets: WalletNetworksStatus };

/** Loads what receives payments per network (GET /wallet/networks/status) once, and again on `reload`. */
export function useWalletStatus(api: ApiClient) {
  const [state, setState] = React.useState<WalletStatusState>({ status: "loading" });
  const [round, setRound] = React.useState(0);
  React.useEffect(() => {
    let live = true;
    api
      .get<{ data: WalletNetworksStatus }>("/wallet/networks/status")
      .then(({ data }) => live && setState({ status: "ready", wallets: data }))
      .catch((err: unknown) => live && setState({ status: "error", message: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
    };
  }, [api, round]);
  const reload = React.useCallback(() => setRound((r) => r + 1), []);
  return { state, reload };
}
