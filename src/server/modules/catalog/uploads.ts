import { createRoute, z } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import { MAX_UPLOAD_BYTES, UPLOAD_MAX_SIDE, uploadUrl, type UploadType } from "@/lib/cart";
import { formatWait } from "@/lib/wait";
import { isUuid } from "@/lib/uuid";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import type { AppDeps } from "../../deps";
import type { Env } from "../../env";
import { consumeOrRefuse, createLimiter } from "../../http/rate-limit";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { reencodeImage } from "./reencode-image";

/** What the body limit lets through on `POST /api/uploads`: the image plus a multipart envelope. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 16 * 1024;
export const UPLOADS_PATH = "/api/uploads";

const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024} KB.`;
const NOT_AN_IMAGE = "Upload a JPEG or PNG image.";

/** The image type its first bytes declare (JPEG or PNG only); undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): UploadType | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return undefined;
}

/** The bytes of an upload request: the raw body, or the `file` part of a multipart form. */
export async function imageBytes(req: Request): Promise<Uint8Array> {
  const type = req.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form = await req.formData();
    const file = form.get("file");
    if (!(file instanceof Blob)) throw new ApiError(400, "invalid_request", NOT_AN_IMAGE, [{ path: "file", message: NOT_AN_IMAGE }]);
    return new Uint8Array(await file.arrayBuffer());
  }
  return new Uint8Array(await req.arrayBuffer());
}

/** How much a merchant may keep in `uploads` (item images and logos, as stored). */
export interface UploadQuota {
  count: number;
  bytes: number;
}

export function uploadQuotaFrom(env: Pick<Env, "UPLOAD_QUOTA_COUNT" | "UPLOAD_QUOTA_BYTES">): UploadQuota {
  return { count: env.UPLOAD_QUOTA_COUNT, bytes: env.UPLOAD_QUOTA_BYTES };
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Refuses (413 `upload_quota_exceeded`) an image of `addBytes` that would take the merchant past
 * their quota. Counted under a transaction-scoped lock on the merchant: two uploads at once cannot
 * both take the last room. Call inside the transaction that inserts the upload.
 */
export async function assertUploadQuota(tx: Pick<Db, "select" | "execute">, userId: string, addBytes: number, quota: UploadQuota): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
  const [used] = await tx
    .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${uploads.byteLength}), 0)::bigint` })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  if (Number(used.count) + 1 > quota.count || Number(used.bytes) + addBytes > quota.bytes) {
    throw new ApiError(
      413,
      "upload_quota_exceeded",
      `You have reached your image storage limit (${quota.count} images, ${megabytes(quota.bytes)}). Images no item or logo uses are deleted within a day; remove unused item images or try again later.`,
    );
  }
}

/**
 * Stores a merchant's image: checked by its magic bytes (the declared type is not trusted), then
 * decoded and re-encoded, so only pixels we wrote are kept (anything glued after or around the
 * image is gone; what libvips cannot decode is refused 415), within the merchant's quota.
 */
export async function storeUpload(db: Db, userId: string, bytes: Uint8Array, quota: UploadQuota) {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ApiError(413, "payload_too_large", TOO_LARGE);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new ApiError(415, "unsupported_media_type", NOT_AN_IMAGE);
  let image: Buffer;
  try {
    image = await reencodeImage(bytes, contentType, UPLOAD_MAX_SIDE);
  } catch {
    throw new ApiError(415, "unsupported_media_type", NOT_AN_IMAGE);
  }
  return db.transaction(async (tx) => {
    await assertUploadQuota(tx, userId, image.length, quota);
    const [row] = await tx
      .insert(uploads)
      .values({ userId, contentType, data: image.toString("base64"), byteLength: image.length })
      .returning({ id: uploads.id, contentType: uploads.contentType, byteLength: uploads.byteLength });
    return row;
  });
}

/** Whether an upload exists and is the merchant's (an item may only show its own merchant's image). */
export async function ownsUpload(db: Pick<Db, "select">, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ userId: uploads.userId }).from(uploads).where(eq(uploads.id, id));
  return row?.userId === userId;
}

/** An upload's stored bytes (re-encoded PNG or JPEG), or undefined when there is no such upload. */
export async function readUploadBytes(db: Pick<Db, "select">, id: string): Promise<Uint8Array | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.id, id));
  return row ? new Uint8Array(Buffer.from(row.data, "base64")) : undefined;
}

const Uploaded = z
  .object({ data: z.object({ _id: z.string(), url: z.string(), contentType: z.string(), size: z.number().int() }) })
  .openapi("Upload");

const createUploadRoute = createRoute({
  method: "post",
  path: "/uploads",
  tags: ["zCart"],
  security: [{ bearer: [] }],
  summary: "Upload an item image",
  description: `A JPEG or PNG (checked by its first bytes, then decoded and stored re-encoded within ${UPLOAD_MAX_SIDE} px: \`size\` is the stored size), at most ${MAX_UPLOAD_BYTES / 1024} KB: the raw bytes as the body, or a multipart form with a \`file\` part. Anything else answers 415, a larger image 413, an upload past the merchant's quota 413 \`upload_quota_exceeded\`, too many uploads an hour 429 \`upload_rate_limited\` with Retry-After.`,
  responses: { 201: { description: "Stored", content: json(Uploaded) }, ...errorResponses(400, 401, 413, 429) },
});

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" } }) });
const readUploadRoute = createRoute({
  method: "get",
  path: "/uploads/{id}",
  tags: ["zCart"],
  summary: "An item image",
  description: "Served on both origins with its own type, `nosniff` and a year of caching (an upload never changes).",
  request: { params: IdParam },
  responses: { 200: { description: "The image", content: { "image/png": { schema: z.string() }, "image/jpeg": { schema: z.string() } } }, ...errorResponses(404) },
});

/** `POST /api/uploads` (signed in, app origin). */
export function uploadRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  const quota = uploadQuotaFrom(deps.env);
  const perHour = deps.env.UPLOAD_RATE_LIMIT;
  const limiter = createLimiter(deps.database, { points: perHour, durationSeconds: 3600, keyPrefix: "uploads" });
  router.use("/uploads", requireMerchant(db));
  return router.openapi(createUploadRoute, async (c) => {
    await consumeOrRefuse(
      limiter,
      c.var.user.id,
      (wait) => `Too many images uploaded: at most ${perHour} an hour. Try again in ${formatWait(wait)}.`,
      (n, v) => c.header(n, v),
      "upload_rate_limited",
    );
    const row = await storeUpload(db, c.var.user.id, await imageBytes(c.req.raw), quota);
    c.var.log.info({ userId: c.var.user.id, uploadId: row.id, bytes: row.byteLength }, "image uploaded");
    return c.json({ data: { _id: row.id, url: uploadUrl(row.id), contentType: row.contentType, size: row.byteLength } }, 201);
  });
}

/** `GET /api/uploads/{id}` (public, both origins: the pay page shows item images). */
export function uploadReadRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  return router.openapi(readUploadRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [row] = isUuid(id) ? await db.select().from(uploads).where(eq(uploads.id, id)) : [];
    if (!row) throw new ApiError(404, "not_found", "Image not found");
    const body = Buffer.from(row.data, "base64");
    return c.body(body, 200, {
      "Content-Type": row.contentType,
      "Content-Length": String(body.length),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "cross-origin",
    }) as never;
  });
}
