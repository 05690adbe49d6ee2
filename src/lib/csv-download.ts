/**
 * Saves a streamed CSV answer as a file while counting its rows as they arrive, so the screen can
 * show progress on a long export. Rows are counted by line ends (the export quotes no line ends
 * in its own columns except free text, which it does not include).
 */
export async function saveCsvWithProgress(res: Response, fileName: string, onRows: (rows: number) => void): Promise<number> {
  if (!res.body) throw new Error("Empty answer");
  const reader = res.body.getReader();
  const chunks: BlobPart[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === 10) lines++;
    onRows(Math.max(0, lines - 1));
  }
  const rows = Math.max(0, lines - 1);
  const url = URL.createObjectURL(new Blob(chunks, { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Let the browser start the save before the address is let go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return rows;
}

/**
 * An orders list's location: `{base}`, `{base}/next/{iid}/{tid}` or `{base}/prev/{iid}/{tid}`
 * (base `/transactions` for Orders, `/zapi` for the API Transactions).
 */
export function pageOfPath(path: string, base = "/transactions"): { direction: "next" | "prev"; iid: string; tid: string } | null {
  if (!path.startsWith(`${base}/`)) return null;
  const m = /^\/(next|prev)\/([^/]+)\/([^/]+)\/?$/.exec(path.slice(base.length));
  return m ? { direction: m[1] as "next" | "prev", iid: decodeURIComponent(m[2]), tid: decodeURIComponent(m[3]) } : null;
}
