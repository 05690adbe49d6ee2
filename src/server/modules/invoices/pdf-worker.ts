import { parentPort } from "node:worker_threads";
import type { PdfJob, PdfJobResult } from "./pdf-pool";
import { renderInvoicePdf } from "./pdf";

/**
 * The PDF worker thread: draws each invoice it is sent and posts the bytes back (transferred, not
 * copied). pdfkit and the DejaVu fonts load here, on the first job, never in the server's thread.
 * Started by pdf-pool.ts, from this TypeScript file under tsx and vitest and from its own bundle
 * (dist-server/invoice-pdf-worker.mjs, scripts/build-server.mjs) under `npm start`.
 */
const port = parentPort;
if (!port) throw new Error("pdf-worker.ts runs as a worker thread (see pdf-pool.ts)");

port.on("message", async ({ id, invoice, lng, compress, logo }: PdfJob) => {
  let reply: PdfJobResult;
  let transfer: ArrayBuffer[] = [];
  try {
    const drawn = await renderInvoicePdf(invoice, lng, compress, logo);
    // A fresh buffer of its own: Buffer.concat may hand out a slice of a shared pool.
    const pdf = new Uint8Array(drawn);
    reply = { id, pdf };
    transfer = [pdf.buffer];
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply, transfer);
});
