import * as React from "react";
import type { ApiClient } from "@/lib/api-client";
import type { DashboardDto, WalletBalancesDto } from "@/lib/dashboard";

/** A server answer still on its way, failed, or in. */
export type Remote<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; data: T };

function useRemote<T>(api: ApiClient, path: string): Remote<T> {
  const [state, setState] = React.useState<Remote<T>>({ status: "loading" });
  React.useEffect(() => {
    let live = true;
    api
      .get<{ data: T }>(path)
      .then(({ data }) => live && setState({ status: "ready", data }))
      .catch((err: unknown) => live && setState({ status: "error", message: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
    };
  }, [api, path]);
  return state;
}

/** The overview's figures and, separately (the node may be slow), the wallet balances. */
export function useDashboard(api: ApiClient) {
  return {
    dashboard: useRemote<DashboardDto>(api, "/dashboard"),
    balances: useRemote<WalletBalancesDto>(api, "/dashboard/balances"),
  };
}
