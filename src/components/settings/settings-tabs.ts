/**
 * The /settings tabs, in the order they show (SPEC §2 Settings). A tab is listed here only once its
 * panel exists: Notifications (/settings/notifications) and Security (/settings/security) join with
 * theirs, one entry each here and one line in SettingsIsland's PANELS.
 */
export interface SettingsTab {
  /** Its label's key under `settings:tabs`. */
  key: "profile" | "deposits" | "notifications" | "security";
  href: string;
}

export const SETTINGS_TABS: readonly SettingsTab[] = [
  { key: "profile", href: "/settings" },
  { key: "deposits", href: "/settings/deposits" },
];

/** The tab a path belongs to (a trailing slash allowed), or undefined for an unknown one. */
export function settingsTabOf(pathname: string): SettingsTab | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return SETTINGS_TABS.find((tab) => tab.href === path);
}
