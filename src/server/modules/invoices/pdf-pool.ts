import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { PublicInvoiceDto } from "@/lib/invoice";

/** One PDF to draw, as sent to the worker. */
export interface PdfJob {
  id: number;
  invoice: PublicInvoiceDto;
  lng: string;
  compress: boolean;
  /** The merchant's logo bytes (PNG or JPEG), drawn at the top when given. */
  logo?: Uint8Array;
}
/** The worker's answer to a job. */
export type PdfJobResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

/** Every worker is drawing and the queue is full: answer 503 with Retry-After. */
export class PdfBusyError extends Error {
  constructor() {
    super("PDF workers busy");
    this.name = "PdfBusyError";
  }
}

export interface PdfPoolOptions {
  /** Worker threads at most (each holds pdfkit and the fonts, some 40 MB). */
  size: number;
  /** Jobs waiting for a worker at most; one more is refused with PdfBusyError. */
  maxQueue: number;
  /** A drawing that takes longer is abandoned: its worker is ended and the job fails. */
  deadlineMs: number;
  /** An idle worker is ended after this long, giving its memory back. */
  idleMs: number;
  /** Where the worker's code is and how to start it (see `pdfWorkerLaunch`). */
  launch: { file: URL; execArgv: string[] };
}

// Set by scripts/build-server.mjs in the server bundle: the worker's own bundle, beside it.
declare const __ZPAY_PDF_WORKER__: string | undefined;

/**
 * How to start pdf-worker.ts: in the server bundle, its bundled twin; from TypeScript source
 * (tsx, vitest, the Astro dev server) the .ts file with tsx's loader, which a worker thread does
 * not inherit from a test runner's transform.
 */
export function pdfWorkerLaunch(): PdfPoolOptions["launch"] {
  if (typeof __ZPAY_PDF_WORKER__ === "string") return { file: new URL(__ZPAY_PDF_WORKER__), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { file: new URL("./pdf-worker.ts", import.meta.url), execArgv: ["--import", tsx] };
}

interface Waiting {
  job: Omit<PdfJob, "id">;
  resolve: (pdf: Uint8Array) => void;
  reject: (err: Error) => void;
}
interface Slot {
  worker: Worker;
  busy?: Waiting & { id: number; deadline: NodeJS.Timeout };
  idle?: NodeJS.Timeout;
}

/**
 * A few worker threads that draw PDFs, so a drawing (about 140 ms of CPU) never holds the server's
 * event loop. Workers start on the first job and end when idle; a bounded queue waits for them.
 */
export class PdfWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiting[] = [];
  private nextId = 1;
  private closed = false;
  /** Jobs handed to a worker since the pool was made. */
  renders = 0;

  constructor(private readonly options: PdfPoolOptions) {}

  /** @throws {PdfBusyError} when the queue is full; rejects when the drawing fails or overruns. */
  render(job: Omit<PdfJob, "id">): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(new Error("PDF workers closed"));
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(new PdfBusyError());
    return new Promise<Uint8Array>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  /** Seconds a refused caller should wait: the queue ahead of it at about a second a job per worker. */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.queue.length / this.options.size));
  }

  /** Ends every worker; waiting and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.reject(new Error("PDF workers closed"));
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private pump() {
    while (this.queue.length > 0) {
      const slot = this.slots.find((s) => !s.busy) ?? (this.slots.length < this.options.size ? this.spawn() : undefined);
      if (!slot) return;
      this.assign(slot, this.queue.shift()!);
    }
  }

  private assign(slot: Slot, waiting: Waiting) {
    clearTimeout(slot.idle);
    const id = this.nextId++;
    const deadline = setTimeout(() => void slot.worker.terminate(), this.options.deadlineMs);
    slot.busy = { ...waiting, id, deadline };
    slot.worker.ref();
    this.renders++;
    slot.worker.postMessage({ ...waiting.job, id } satisfies PdfJob);
  }

  private spawn(): Slot {
    const { file, execArgv } = this.options.launch;
    // The heap cap keeps one pathological document from taking the server's memory with it.
    const worker = new Worker(file, { execArgv, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    const slot: Slot = { worker };
    this.slots.push(slot);
    worker.on("message", (result: PdfJobResult) => {
      const job = slot.busy;
      if (!job || job.id !== result.id) return;
      this.finish(slot);
      if ("pdf" in result) job.resolve(result.pdf);
      else job.reject(new Error(`PDF drawing failed: ${result.error}`));
      slot.idle = setTimeout(() => void worker.terminate(), this.options.idleMs).unref();
      this.pump();
    });
    // A crash, a terminate (deadline, idle, close) or a failed start: the slot goes, its job fails.
    const gone = (err?: Error) => {
      const job = slot.busy;
      this.finish(slot);
      clearTimeout(slot.idle);
      this.slots.splice(this.slots.indexOf(slot), 1);
      job?.reject(err ?? new Error(`PDF drawing abandoned after ${this.options.deadlineMs} ms or at shutdown`));
      if (!this.closed) this.pump();
    };
    worker.on("error", (err) => gone(err));
    worker.on("exit", () => {
      if (this.slots.includes(slot)) gone();
    });
    return slot;
  }

  private finish(slot: Slot) {
    if (slot.busy) clearTimeout(slot.busy.deadline);
    slot.busy = undefined;
    // An idle worker does not keep the process alive.
    slot.worker.unref();
  }
}
