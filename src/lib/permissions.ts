/** Permission strings kept in `settings.permissions` (SPEC §6). */
export const PERMISSIONS = [
  "mapped",
  "donate",
  "quickpay",
  "collect",
  "bills",
  "checkout",
  "invoices",
  "nft",
  "routes",
  "admin_stats",
  "ramponly",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What a new merchant can use from the start: every payment product. Operator-only pages
 * (`admin_stats`), the unmapped-payments view (`mapped`), coming-soon items and ramp-only mode
 * are granted by an operator (`npm run admin`).
 */
export const DEFAULT_PERMISSIONS: readonly Permission[] = ["donate", "quickpay", "collect", "bills", "checkout", "invoices"];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}
