import * as React from "react";

/**
 * A product page's list: loaded once on mount (`rows` is null until then), reloaded by `load`
 * after a save or from Try again; a failure sets `loadFailed` for the retry line.
 * `onFirstLoad` sees the first rows (e.g. to act on the page's query); it is read once.
 */
export function useProductList<Row>(fetchRows: () => Promise<Row[]>, onFirstLoad?: (rows: Row[]) => void) {
  const [rows, setRows] = React.useState<Row[] | null>(null);
  const [loadFailed, setLoadFailed] = React.useState(false);
  const firstLoad = React.useRef(onFirstLoad);

  const load = async () => {
    setLoadFailed(false);
    try {
      setRows(await fetchRows());
    } catch {
      setLoadFailed(true);
    }
  };

  React.useEffect(() => {
    let live = true;
    fetchRows().then(
      (loaded) => {
        if (!live) return;
        setRows(loaded);
        firstLoad.current?.(loaded);
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [fetchRows]);

  return { rows, loadFailed, load };
}
