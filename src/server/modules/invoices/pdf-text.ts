import { inflateSync } from "node:zlib";

/** Each content stream of a PDF, inflated when it is compressed (FlateDecode), as latin1 text. */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf("stream", at, "latin1");
    if (start < 0) break;
    if (pdf.toString("latin1", start - 3, start) === "end") {
      at = start + 6;
      continue;
    }
    const dataStart = start + 6 + (pdf[start + 6] === 0x0d ? 2 : 1);
    const end = pdf.indexOf("endstream", dataStart, "latin1");
    if (end < 0) break;
    const raw = pdf.subarray(dataStart, end);
    try {
      out.push(inflateSync(raw).toString("latin1"));
    } catch {
      out.push(raw.toString("latin1"));
    }
    at = end + 9;
  }
  return out;
}

/**
 * The text of a pdfkit PDF (tests): each `[...] TJ` / `<...> Tj` string decoded from hex
 * (WinAnsi ≈ latin1), one shown string per line; compressed streams are inflated first.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const source of streams(pdf)) {
    for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = match[1] !== undefined ? [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [match[2]];
      lines.push(hexes.map((h) => Buffer.from(h, "hex").toString("latin1")).join(""));
    }
  }
  return lines.join("\n");
}
