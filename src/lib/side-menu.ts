import type { Permission } from "./permissions";

/** One entry of the merchant side menu (SPEC §2 "Side menu"). */
export interface SideMenuItem {
  id: string;
  /** i18n key in the `shell` namespace. */
  labelKey: string;
  /** In-app route, or the external address when `external`. */
  href: string;
  /**
   * Permission the merchant needs; none means everyone sees it. A list means any one of them
   * (zRamp: quickpay, or ramponly with the rampOnly setting).
   */
  permission?: Permission | readonly Permission[];
  /** Shown, but not a link, with a 'coming soon' mark. */
  comingSoon?: boolean;
  /** Opens outside the app shell (the API reference). */
  external?: boolean;
}

/** zRamp's route: hidden from the menu on a server with no ramp provider (issue 28). */
export const ZRAMP_ROUTE = "/zramp";

/** The side menu in display order, exactly as SPEC §2's table. */
export const SIDE_MENU: readonly SideMenuItem[] = [
  { id: "dashboard", labelKey: "menu.dashboard", href: "/dashboard" },
  { id: "orders", labelKey: "menu.orders", href: "/transactions" },
  { id: "unmapped", labelKey: "menu.unmapped", href: "/unmapped", permission: "mapped" },
  { id: "donations", labelKey: "menu.donations", href: "/donates", permission: "donate" },
  { id: "zlink", labelKey: "menu.zlink", href: "/quick-pays", permission: "quickpay" },
  { id: "zrequest", labelKey: "menu.zrequest", href: "/collects", permission: "collect" },
  { id: "zinvoice", labelKey: "menu.zinvoice", href: "/bills", permission: "bills" },
  { id: "zcart", labelKey: "menu.zcart", href: "/checkouts", permission: "checkout" },
  { id: "invoices", labelKey: "menu.invoices", href: "/invoices", permission: "invoices" },
  { id: "zramp", labelKey: "menu.zramp", href: ZRAMP_ROUTE, permission: ["quickpay", "ramponly"] },
  { id: "zapi", labelKey: "menu.zapi", href: "/zapi", permission: "quickpay" },
  { id: "nft", labelKey: "menu.nft", href: "/nft", comingSoon: true },
  { id: "routes", labelKey: "menu.routes", href: "/routes", comingSoon: true },
  { id: "referral", labelKey: "menu.referral", href: "/referral" },
  { id: "settings", labelKey: "menu.settings", href: "/settings" },
  { id: "admin-stats", labelKey: "menu.adminStats", href: "/admin-stats", permission: "admin_stats" },
  { id: "admin-transactions", labelKey: "menu.adminTransactions", href: "/admin-transactions", permission: "admin_stats" },
  { id: "admin-billing", labelKey: "menu.adminBilling", href: "/admin-billing", permission: "admin_stats" },
  { id: "api-docs", labelKey: "menu.apiDocs", href: "/api/docs", external: true },
];

/**
 * Routes whose screens are not built yet: their items stay hidden so no item leads to an empty
 * page. Each feature removes its route from this list when its screen lands.
 */
export const UNBUILT_ROUTES: ReadonlySet<string> = new Set([
]);

/** The routes the menu leaves out: unbuilt screens, and zRamp when the server says it has no provider. */
export function hiddenRoutes(server: { zrampOffered: boolean }, unbuilt: ReadonlySet<string> = UNBUILT_ROUTES): ReadonlySet<string> {
  return server.zrampOffered ? unbuilt : new Set([...unbuilt, ZRAMP_ROUTE]);
}

export interface MenuAccess {
  permissions: readonly string[];
  rampOnly: boolean;
}

/** Whether the merchant's settings allow an item (`ramponly` also needs the rampOnly flag). */
export function isAllowed(item: Pick<SideMenuItem, "permission">, access: MenuAccess): boolean {
  if (!item.permission) return true;
  const anyOf: readonly Permission[] = typeof item.permission === "string" ? [item.permission] : item.permission;
  return anyOf.some((p) => (p !== "ramponly" || access.rampOnly) && access.permissions.includes(p));
}

/** The permissions an item accepts, space-separated (the static menu's `data-permission`). */
export function permissionAttribute(item: Pick<SideMenuItem, "permission">): string | undefined {
  if (!item.permission) return undefined;
  return typeof item.permission === "string" ? item.permission : item.permission.join(" ");
}

/** The items a merchant sees, in order. */
export function visibleMenu(
  access: MenuAccess,
  menu: readonly SideMenuItem[] = SIDE_MENU,
  unbuilt: ReadonlySet<string> = UNBUILT_ROUTES,
): SideMenuItem[] {
  return menu.filter((item) => (item.external || item.comingSoon || !unbuilt.has(item.href)) && isAllowed(item, access));
}
