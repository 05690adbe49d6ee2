import { describe, expect, it } from "vitest";
import enCommon from "../../public/assets/translations/en/common.json";
import frCommon from "../../public/assets/translations/fr/common.json";
import { PERMISSIONS } from "./permissions";
import { SIDE_MENU, UNBUILT_ROUTES, hiddenRoutes, isAllowed, permissionAttribute, visibleMenu, type SideMenuItem } from "./side-menu";

/** Every subset of the permission list: 2^11 combinations. */
function* everyPermissionSet(): Generator<string[]> {
  for (let mask = 0; mask < 1 << PERMISSIONS.length; mask++) {
    yield PERMISSIONS.filter((_, i) => mask & (1 << i));
  }
}

describe("side menu", () => {
  it("names every item apart, in English and in French (issue 28: /bills and /invoices were both 'zInvoice')", () => {
    for (const menu of [enCommon.menu, frCommon.menu] as Record<string, string>[]) {
      const labels = SIDE_MENU.map((item) => menu[item.labelKey.replace(/^menu\./, "")]);
      expect(labels.every(Boolean)).toBe(true);
      expect(new Set(labels).size).toBe(labels.length);
    }
  });

  it("lists SPEC §2's items in order with their routes and permissions", () => {
    expect(SIDE_MENU.map((i) => [i.href, i.permission ?? null])).toEqual([
      ["/dashboard", null],
      ["/transactions", null],
      ["/unmapped", "mapped"],
      ["/donates", "donate"],
      ["/quick-pays", "quickpay"],
      ["/collects", "collect"],
      ["/bills", "bills"],
      ["/checkouts", "checkout"],
      ["/invoices", "invoices"],
      ["/zramp", ["quickpay", "ramponly"]],
      ["/zapi", "quickpay"],
      ["/nft", null],
      ["/routes", null],
      ["/referral", null],
      ["/settings", null],
      ["/admin-stats", "admin_stats"],
      ["/admin-transactions", "admin_stats"],
      ["/admin-billing", "admin_stats"],
      ["/api/docs", null],
    ]);
  });

  it("shows exactly the permitted items for every permission combination, with or without rampOnly", () => {
    const nothingUnbuilt = new Set<string>();
    for (const permissions of everyPermissionSet()) {
      for (const rampOnly of [false, true]) {
        const shown = visibleMenu({ permissions, rampOnly }, SIDE_MENU, nothingUnbuilt).map((i) => i.id);
        const grants = (p: string) => permissions.includes(p) && (p !== "ramponly" || rampOnly);
        const expected = SIDE_MENU.filter((i) => !i.permission || [i.permission].flat().some(grants)).map((i) => i.id);
        expect(shown).toEqual(expected);
      }
    }
  });

  it("hides a ramponly item unless the merchant has rampOnly set as well as the permission", () => {
    const ramp: SideMenuItem = { id: "ramp", labelKey: "menu.zramp", href: "/zramp", permission: "ramponly" };
    expect(isAllowed(ramp, { permissions: ["ramponly"], rampOnly: false })).toBe(false);
    expect(isAllowed(ramp, { permissions: [], rampOnly: true })).toBe(false);
    expect(isAllowed(ramp, { permissions: ["ramponly"], rampOnly: true })).toBe(true);
  });

  it("shows zRamp with quickpay, or with ramponly when the rampOnly setting is on", () => {
    const zramp = SIDE_MENU.find((i) => i.id === "zramp")!;
    expect(isAllowed(zramp, { permissions: ["quickpay"], rampOnly: false })).toBe(true);
    expect(isAllowed(zramp, { permissions: ["ramponly"], rampOnly: true })).toBe(true);
    expect(isAllowed(zramp, { permissions: ["ramponly"], rampOnly: false })).toBe(false);
    expect(isAllowed(zramp, { permissions: ["collect"], rampOnly: true })).toBe(false);
    expect(permissionAttribute(zramp)).toBe("quickpay ramponly");
  });

  it("never shows an item whose screen is not built, and always the coming-soon ones and the API docs", () => {
    const all = { permissions: [...PERMISSIONS], rampOnly: true };
    const shown = visibleMenu(all);
    expect(shown.some((i) => UNBUILT_ROUTES.has(i.href) && !i.comingSoon && !i.external)).toBe(false);
    expect(shown.map((i) => i.id)).toEqual(expect.arrayContaining(["nft", "routes", "api-docs"]));
  });

  it("shows the three admin pages, built, to a merchant granted admin_stats and to no one else", () => {
    const admin = ["/admin-stats", "/admin-transactions", "/admin-billing"];
    expect(visibleMenu({ permissions: ["admin_stats"], rampOnly: false }).map((i) => i.href)).toEqual(expect.arrayContaining(admin));
    const others = visibleMenu({ permissions: PERMISSIONS.filter((p) => p !== "admin_stats"), rampOnly: true }).map((i) => i.href);
    expect(others.filter((href) => admin.includes(href))).toEqual([]);
  });

  it("shows the built screens zLink and Settings to a new merchant", () => {
    const shown = visibleMenu({ permissions: ["donate", "quickpay", "collect", "bills", "checkout", "invoices"], rampOnly: false });
    expect(shown.map((i) => i.href)).toEqual(expect.arrayContaining(["/dashboard", "/quick-pays", "/settings"]));
    expect(visibleMenu({ permissions: [], rampOnly: false }).map((i) => i.href)).not.toContain("/quick-pays");
  });

  it("hides zRamp on a server with no ramp provider, and only zRamp", () => {
    const all = { permissions: [...PERMISSIONS], rampOnly: true };
    const without = visibleMenu(all, SIDE_MENU, hiddenRoutes({ zrampOffered: false })).map((i) => i.href);
    const withRamp = visibleMenu(all, SIDE_MENU, hiddenRoutes({ zrampOffered: true })).map((i) => i.href);
    expect(withRamp).toContain("/zramp");
    expect(without).not.toContain("/zramp");
    expect(withRamp.filter((href) => href !== "/zramp")).toEqual(without);
  });
});
