import sharp from "sharp";

/** A real PNG of `width`×`height` px (one colour): an image the server can decode. */
export const realPng = (width = 8, height = 8) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 58, b: 138, alpha: 1 } } }).png().toBuffer();

/** A real JPEG of `width`×`height` px. */
export const realJpeg = (width = 8, height = 8) => sharp({ create: { width, height, channels: 3, background: "#e11d48" } }).jpeg().toBuffer();

/** Random pixels: a PNG that does not compress, about 4 bytes a pixel. */
export const noisyPng = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
