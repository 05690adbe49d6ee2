import * as React from "react";
import { useTranslation } from "react-i18next";
import { Code2, Server, ShoppingCart, type LucideIcon } from "lucide-react";
import { INTEGRATION_GROUPS, type GuideId, type IntegrationGroupId, type IntegrationTile } from "@/lib/integrations-catalog";
import { cn } from "@/lib/utils";
import { GuideDialog } from "./guide-dialog";

const GROUP_ICONS: Record<IntegrationGroupId, LucideIcon> = { ecommerce: ShoppingCart, server: Server, sdk: Code2 };

const tileClass = "flex min-h-24 flex-col justify-between gap-3 rounded-xl border bg-card p-4 text-left text-card-foreground shadow-sm";
const actionTileClass = cn(tileClass, "cursor-pointer transition-colors outline-none hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50");

function Tile({ tile, icon: Icon, onGuide }: { tile: IntegrationTile; icon: LucideIcon; onGuide(guide: GuideId, tile: HTMLElement): void }) {
  const { t } = useTranslation("integrations");
  const name = (
    <span className="flex items-center gap-2 font-semibold">
      <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
      {tile.name}
    </span>
  );
  const opens = tile.opens;
  if (opens)
    return (
      <button type="button" className={actionTileClass} onClick={(event) => onGuide(opens.guide, event.currentTarget)}>
        {name}
        <span className="text-sm font-medium text-primary">{t("viewGuide")}</span>
      </button>
    );
  return (
    <div className={cn(tileClass, "bg-muted/40")}>
      {name}
      <span className="w-fit rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">{t("comingSoon")}</span>
    </div>
  );
}

/** /integrations: e-commerce platforms, server languages and SDKs; available tiles open their instructions. */
export function IntegrationsPage({ appOrigin }: { appOrigin: string }) {
  const { t } = useTranslation("integrations");
  const [guide, setGuide] = React.useState<GuideId | null>(null);
  const [opener, setOpener] = React.useState<HTMLElement | null>(null);
  const openGuide = (id: GuideId, tile: HTMLElement) => {
    setOpener(tile);
    setGuide(id);
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      {INTEGRATION_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`integrations-${group.id}`} className="flex flex-col gap-3">
          <h2 id={`integrations-${group.id}`} className="text-lg font-semibold">
            {t(`groups.${group.id}`)}
          </h2>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {group.tiles.map((tile) => (
              <li key={tile.id} className="grid">
                <Tile tile={tile} icon={GROUP_ICONS[group.id]} onGuide={openGuide} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <GuideDialog guide={guide} appOrigin={appOrigin} returnFocusTo={opener} onOpenChange={(open) => !open && setGuide(null)} />
    </div>
  );
}
