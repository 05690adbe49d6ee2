import { inflateSync } from "node:zlib";

/** One indirect object of a PDF: its dictionary and, for a stream, its data (inflated when FlateDecode), as latin1 text. */
interface PdfObject {
  dict: string;
  stream?: string;
}

/** Every `n 0 obj … endobj` of a PDF (pdfkit writes no object streams), by number. */
function objects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString("latin1");
  const out = new Map<number, PdfObject>();
  const header = /(\d+)\s+\d+\s+obj\b/g;
  for (let match = header.exec(text); match; match = header.exec(text)) {
    const start = header.lastIndex;
    const streamAt = text.indexOf("stream", start);
    const endObj = text.indexOf("endobj", start);
    if (endObj < 0) break;
    if (streamAt < 0 || streamAt > endObj) {
      out.set(Number(match[1]), { dict: text.slice(start, endObj) });
      continue;
    }
    const dict = text.slice(start, streamAt);
    const dataStart = streamAt + 6 + (text[streamAt + 6] === "\r" ? 2 : 1);
    const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dict);
    const dataEnd = length ? dataStart + Number(length[1]) : text.indexOf("endstream", dataStart);
    const raw = pdf.subarray(dataStart, dataEnd);
    let stream = raw.toString("latin1");
    if (/\/FlateDecode/.test(dict)) {
      try {
        stream = inflateSync(raw).toString("latin1");
      } catch {
        // Left as written.
      }
    }
    out.set(Number(match[1]), { dict, stream });
    // The data may hold anything, "endobj" included: carry on after it.
    const after = text.indexOf("endobj", Math.max(dataEnd, dataStart));
    if (after < 0) break;
    header.lastIndex = after + 6;
  }
  return out;
}

/** A ToUnicode CMap: code (as hex, the width of the codespace) → text. */
interface ToUnicode {
  bytes: number;
  map: Map<number, string>;
}

/** UTF-16BE hex → text; pdfkit spaces the units of a ligature's text (`<0066 0066 0069>`); a stray odd byte is dropped. */
const utf16 = (spaced: string) => {
  const hex = spaced.replace(/\s/g, "");
  return Buffer.from(hex.slice(0, hex.length - (hex.length % 4)), "hex").swap16().toString("utf16le");
};

/** The bfchar and bfrange entries of a ToUnicode CMap (both forms of bfrange: a start and a list). */
function parseCMap(cmap: string): ToUnicode {
  const map = new Map<number, string>();
  const space = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(cmap);
  let bytes = space ? space[1].length / 2 : 0;
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) {
      bytes ||= src.length / 2;
      map.set(parseInt(src, 16), utf16(dst));
    }
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, start, list] of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]+)>|\[([^\]]*)\])/g)) {
      bytes ||= lo.length / 2;
      const from = parseInt(lo, 16);
      const to = parseInt(hi, 16);
      if (list !== undefined) {
        [...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((m, i) => from + i <= to && map.set(from + i, utf16(m[1])));
      } else {
        // The last UTF-16 unit goes up by one per code.
        const head = start.slice(0, -4);
        const last = parseInt(start.slice(-4), 16);
        for (let code = from; code <= to; code++) map.set(code, utf16(head + (last + code - from).toString(16).padStart(4, "0")));
      }
    }
  }
  return { bytes: bytes || 1, map };
}

/** A hex string shown with a font: through its ToUnicode CMap, or as WinAnsi (≈ latin1) for a standard font. */
function decode(hex: string, font: ToUnicode | undefined): string {
  if (!font) return Buffer.from(hex, "hex").toString("latin1");
  let out = "";
  const width = font.bytes * 2;
  for (let at = 0; at + width <= hex.length; at += width) {
    const code = parseInt(hex.slice(at, at + width), 16);
    out += font.map.get(code) ?? "\ufffd";
  }
  return out;
}

const ref = (dict: string, key: string) => {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(dict);
  return match ? Number(match[1]) : undefined;
};

/** A page's fonts: resource name (`F1`) → its ToUnicode CMap, undefined for a font without one. */
function pageFonts(page: string, all: Map<number, PdfObject>, cmaps: Map<number, ToUnicode | undefined>): Map<string, ToUnicode | undefined> {
  const resourcesRef = ref(page, "Resources");
  const resources = resourcesRef === undefined ? page : (all.get(resourcesRef)?.dict ?? "");
  const fontRef = ref(resources, "Font");
  const fontDict = fontRef === undefined ? (/\/Font\s*<<([^>]*)>>/.exec(resources)?.[1] ?? "") : (all.get(fontRef)?.dict ?? "");
  const fonts = new Map<string, ToUnicode | undefined>();
  for (const [, name, number] of fontDict.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g)) {
    const font = Number(number);
    if (!cmaps.has(font)) {
      const toUnicode = ref(all.get(font)?.dict ?? "", "ToUnicode");
      const cmap = toUnicode === undefined ? undefined : all.get(toUnicode)?.stream;
      cmaps.set(font, cmap === undefined ? undefined : parseCMap(cmap));
    }
    fonts.set(name, cmaps.get(font));
  }
  return fonts;
}

/** The shown strings of one content stream, each decoded with the font its last `/Fn size Tf` selected. */
function shown(content: string, fonts: Map<string, ToUnicode | undefined>): string[] {
  const lines: string[] = [];
  let font: ToUnicode | undefined;
  for (const match of content.matchAll(/\/([^\s/<>[\]()]+)\s+[-\d.]+\s+Tf\b|\[((?:<[0-9a-fA-F\s]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
    if (match[1] !== undefined) {
      font = fonts.get(match[1]);
      continue;
    }
    const hexes = match[2] !== undefined ? [...match[2].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => m[1]) : [match[3]];
    lines.push(hexes.map((h) => decode(h.replace(/\s/g, ""), font)).join(""));
  }
  return lines;
}

/**
 * The text of a pdfkit PDF (tests), one shown string (`[...] TJ` / `<...> Tj`) per line, page by
 * page; compressed streams are inflated first. A string shown with an embedded font (Identity-H:
 * glyph ids) is read through that font's /ToUnicode CMap, the font being the one the preceding
 * `/Fn size Tf` named in the page's resources; with a standard font, as WinAnsi (≈ latin1).
 */
export function pdfText(pdf: Buffer): string {
  const all = objects(pdf);
  const cmaps = new Map<number, ToUnicode | undefined>();
  const lines: string[] = [];
  for (const { dict } of all.values()) {
    if (!/\/Type\s*\/Page(?![a-zA-Z])/.test(dict)) continue;
    const fonts = pageFonts(dict, all, cmaps);
    const contents = /\/Contents\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? /\/Contents\s+\d+\s+\d+\s+R/.exec(dict)?.[0] ?? "";
    for (const [, number] of contents.matchAll(/(\d+)\s+\d+\s+R/g)) lines.push(...shown(all.get(Number(number))?.stream ?? "", fonts));
  }
  return lines.join("\n");
}
