import { ExternalLink } from "lucide-react";
import { useTranslation } from "react-i18next";
import { visibleMenu, type MenuAccess, type SideMenuItem } from "@/lib/side-menu";
import { cn } from "@/lib/utils";

export interface SideNavLinksProps {
  access: MenuAccess;
  currentPath: string;
  /** Overrides for stories and tests; the app uses the defaults of `visibleMenu`. */
  menu?: readonly SideMenuItem[];
  unbuilt?: ReadonlySet<string>;
}

const itemClass = "flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm";

/** The side menu's entries for this merchant (SPEC §2): links, coming-soon marks, API docs. */
export function SideNavLinks({ access, currentPath, menu, unbuilt }: SideNavLinksProps) {
  const { t } = useTranslation("common");
  return (
    <ul className="flex flex-col gap-1">
      {visibleMenu(access, menu, unbuilt).map((item) => {
        const label = t(item.labelKey);
        if (item.comingSoon) {
          return (
            <li key={item.id} className={cn(itemClass, "text-muted-foreground")}>
              {label}
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{t("menu.comingSoon")}</span>
            </li>
          );
        }
        const current = !item.external && (currentPath === item.href || currentPath.startsWith(`${item.href}/`));
        return (
          <li key={item.id}>
            <a
              href={item.href}
              aria-current={current ? "page" : undefined}
              {...(item.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className={cn(itemClass, "hover:bg-accent hover:text-accent-foreground", current && "bg-accent font-medium text-accent-foreground")}
            >
              {label}
              {item.external ? <ExternalLink aria-hidden="true" className="size-4" /> : null}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
