import { LOGO_MAX_SIDE, type LOGO_TYPES } from "@/lib/profile";

/**
 * Decodes a logo and writes it again, at most LOGO_MAX_SIDE px a side, without its metadata:
 * what we store and serve is pixels we produced, never the bytes a merchant sent. Throws on
 * anything libvips cannot read as the sniffed type (truncated files, polyglots, pixel bombs).
 */
export async function reencodeLogo(bytes: Uint8Array, type: (typeof LOGO_TYPES)[number]): Promise<Buffer> {
  // Loaded on the first logo, not at start: libvips is 8 MB of a server that rarely sees one.
  const { default: sharp } = await import("sharp");
  // A 2 MB PNG can declare a huge canvas: refuse before decoding more than 40 Mpx.
  const image = sharp(bytes, { failOn: "error", limitInputPixels: 40_000_000 })
    .rotate() // apply the EXIF orientation before the metadata is dropped
    .resize({ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE, fit: "inside", withoutEnlargement: true });
  return type === "image/png" ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}
