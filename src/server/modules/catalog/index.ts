/** The catalog module's public entrance: all that the app and other modules may import from it (architecture.test.ts). */
export { reencodeImage } from "./reencode-image";
export { catalogRoutes } from "./routes";
export { findOwnCatalogItems, toApiError } from "./service";
export { UPLOADS_PATH, UPLOAD_BODY_LIMIT, assertUploadQuota, imageBytes, readUploadBytes, sniffImageType, uploadQuotaFrom, uploadReadRoutes, uploadRoutes, type UploadQuota } from "./uploads";
