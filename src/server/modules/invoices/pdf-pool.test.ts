import { afterEach, describe, expect, it } from "vitest";
import type { PublicInvoiceDto } from "@/lib/invoice";
import { PdfBusyError, PdfWorkerPool, type PdfPoolOptions } from "./pdf-pool";
import { fakePdfWorker as fakeWorker } from "../../testing/fake-pdf-worker";

const job = { invoice: {} as PublicInvoiceDto, lng: "en", compress: true };
const pools: PdfWorkerPool[] = [];
const pool = (options: Partial<PdfPoolOptions> & Pick<PdfPoolOptions, "launch">) => {
  const p = new PdfWorkerPool({ size: 1, maxQueue: 2, deadlineMs: 10_000, idleMs: 60_000, ...options });
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("the PDF worker pool", () => {
  it("refuses a job beyond its queue at once (the route's 503), and serves the queued ones", async () => {
    const p = pool({ launch: fakeWorker(200) });
    const accepted = [p.render(job), p.render(job), p.render(job)]; // one drawing, two waiting
    await expect(p.render(job)).rejects.toBeInstanceOf(PdfBusyError);
    expect(p.retryAfterSeconds()).toBeGreaterThanOrEqual(1);
    expect((await Promise.all(accepted)).map((pdf) => pdf[0])).toEqual([1, 2, 3]);
    expect(p.renders).toBe(3);
  });

  it("abandons a drawing past its deadline and goes on with the next in a new worker", async () => {
    const p = pool({ launch: fakeWorker(10, { firstMs: 5_000 }), deadlineMs: 500 });
    const [stuck, next] = [p.render(job), p.render(job)];
    await expect(stuck).rejects.toThrow(/abandoned/);
    expect((await next)[0]).toBe(2);
  });

  it("fails only the job whose worker died; the next job gets a new worker", async () => {
    const p = pool({ launch: fakeWorker(10, { crashOn2: true }) });
    expect((await p.render(job))[0]).toBe(1);
    await expect(p.render(job)).rejects.toThrow();
    expect((await p.render(job))[0]).toBe(3);
  });
});
