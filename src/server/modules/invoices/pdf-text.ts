/**
 * The text of an uncompressed pdfkit PDF (tests): each `[...] TJ` / `<...> Tj` string decoded from
 * hex (WinAnsi ≈ latin1), one shown string per line.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  const lines: string[] = [];
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hexes = match[1] !== undefined ? [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [match[2]];
    lines.push(hexes.map((h) => Buffer.from(h, "hex").toString("latin1")).join(""));
  }
  return lines.join("\n");
}
