import * as React from "react";

/**
 * The rows of an inflow list (the merchant's Unmapped screen, the operator's Map Transactions):
 * loaded once on mount (an answer arriving after unmount is dropped), reloadable after a failure
 * or a change, and editable in place (a mapped inflow leaves the list without a reload).
 */
export function useInflowRows<Row>(fetchRows: () => Promise<Row[]>) {
  const [rows, setRows] = React.useState<Row[] | null>(null);
  const [loadFailed, setLoadFailed] = React.useState(false);
  const reload = async () => {
    setLoadFailed(false);
    setRows(null);
    try {
      setRows(await fetchRows());
    } catch {
      setLoadFailed(true);
    }
  };
  React.useEffect(() => {
    let live = true;
    fetchRows().then(
      (loaded) => live && setRows(loaded),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [fetchRows]);
  return { rows, setRows, loadFailed, reload };
}
