/**
 * Drawn PDFs by content hash, least recently used first out, bounded by their total size. Kept in
 * this process's memory rather than the database: a hit then costs no query and no copy over the
 * wire, a PDF is cheap to draw again after a restart (once per version, in the worker), and with
 * several processes each draws a version at most once, which is the bound that matters.
 */
export class PdfCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array | undefined {
    const pdf = this.entries.get(key);
    if (pdf) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the least recent.
      this.entries.delete(key);
      this.entries.set(key, pdf);
    }
    return pdf;
  }

  /** Keeps `pdf` unless it alone exceeds the bound, dropping the least recently used to fit. */
  set(key: string, pdf: Uint8Array): void {
    if (pdf.byteLength > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, pdf);
    this.bytes += pdf.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.byteLength;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.byteLength;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
