import type { PdfPoolOptions } from "../modules/invoices";

/**
 * A stand-in PDF worker for tests of the pool and of its callers: answers each job after `ms` with
 * the job's id as its only byte; job 1 takes `firstMs` instead, and job 2 (with `crashOn2`) ends
 * the thread. Written as a data: URL, so it needs no file and no loader.
 */
export function fakePdfWorker(ms: number, { crashOn2 = false, firstMs = ms } = {}): PdfPoolOptions["launch"] {
  const code = `import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id }) => {
  if (${crashOn2} && id === 2) process.exit(3);
  setTimeout(() => parentPort.postMessage({ id, pdf: new Uint8Array([id]) }), id === 1 ? ${firstMs} : ${ms});
});`;
  return { file: new URL(`data:text/javascript,${encodeURIComponent(code)}`), execArgv: [] };
}
