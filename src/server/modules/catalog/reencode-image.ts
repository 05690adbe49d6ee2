/**
 * Decodes an image fully and writes it again, at most `maxSide` px a side, without its metadata:
 * what we store and serve is pixels we produced, never the bytes a merchant sent (bytes after the
 * image's end, a second file glued on, EXIF are all gone). Throws on anything libvips cannot read
 * as the sniffed type (truncated files, polyglots it refuses, pixel bombs).
 */
export async function reencodeImage(bytes: Uint8Array, type: "image/jpeg" | "image/png", maxSide: number): Promise<Buffer> {
  // Loaded on the first image, not at start: libvips is 8 MB of a server that rarely sees one.
  const { default: sharp } = await import("sharp");
  // A small PNG can declare a huge canvas: refuse before decoding more than 40 Mpx.
  const image = sharp(bytes, { failOn: "error", limitInputPixels: 40_000_000 })
    .rotate() // apply the EXIF orientation before the metadata is dropped
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true });
  return type === "image/png" ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}
