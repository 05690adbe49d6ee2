import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CircleHelp, LogOut, Settings, Star } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { LANGUAGES, isLanguage } from "@/i18n/config";
import { changeLanguage } from "@/i18n/i18n";
import { saveMerchantLanguage } from "@/stores/merchant-language";
import { shortenAddress } from "@/lib/address";
import { cn } from "@/lib/utils";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import type { PointsDto } from "@/lib/points";
import { showToast } from "@/stores/toasts";

export interface TopBarProps {
  address: string;
  api: ApiClient;
  /** Production builds never offer 'Get Production access'. */
  isProduction: boolean;
  onLogout: () => void;
  /** Opens the guided tour again. */
  onStartTour?: () => void;
  /** The phone menu button (the temporary drawer's trigger). */
  menu?: React.ReactNode;
}

/**
 * The merchant's 'Points Earned', read once when the bar mounts; null until it arrives or when
 * it cannot be read (the bar then shows the plain 'Points' button, as before any points).
 */
function usePointsEarned(api: ApiClient): number | null {
  const [earned, setEarned] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    api.get<{ data: PointsDto }>("/points").then(
      (res) => live && setEarned(res.data.pointsEarned),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api]);
  return earned;
}

/** SPEC §2 top bar: the points counter (its popover: coming soon, and a link to /points), production access, the profile menu. */
export function TopBar({ address, api, isProduction, onLogout, onStartTour, menu }: TopBarProps) {
  const { t, i18n } = useTranslation("common");
  const [requesting, setRequesting] = useState(false);
  const earned = usePointsEarned(api);
  // The counter appears once there is something to count: with none, the bar stays as it was.
  const count = earned ? new Intl.NumberFormat(i18n.language).format(earned) : null;

  const requestProduction = async () => {
    setRequesting(true);
    try {
      await api.post("/request/production");
      showToast({ message: t("topBar.productionRequested"), variant: "success" });
    } catch (err) {
      showToast({ message: err instanceof ApiRequestError ? err.message : t("fallback.error"), variant: "error" });
    } finally {
      setRequesting(false);
    }
  };

  return (
    <header className="flex min-h-14 flex-wrap items-center gap-2 border-b bg-background px-3 py-2 sm:px-4">
      {menu}
      {/* A zero flex-basis keeps the name out of the row's wrapping sum: at 320 px the icons stay on
          the first row and the name takes (and truncates in) whatever room is left. */}
      <span className="min-w-0 flex-1 basis-0 truncate font-semibold text-primary md:hidden">{t("brand")}</span>
      {isProduction ? null : (
        // On a phone the request button takes its own full-width row under the bar's icons.
        <Button
          size="sm"
          variant="outline"
          disabled={requesting}
          data-tour="production"
          className="order-last w-full sm:order-none sm:ml-auto sm:w-auto"
          onClick={() => void requestProduction()}
        >
          {t("topBar.getProduction")}
        </Button>
      )}
      {/* Pushed to the right edge; beside the production button, that button's margin does it. */}
      <div className={cn("ml-auto flex shrink-0 items-center gap-1 sm:gap-2", !isProduction && "sm:ml-0")}>
        {onStartTour ? (
          <Button variant="ghost" size="sm" className="px-2 sm:px-3" aria-label={t("topBar.tour")} title={t("topBar.tour")} onClick={onStartTour}>
            <CircleHelp aria-hidden="true" />
          </Button>
        ) : null}
        <Popover>
          <PopoverTrigger asChild>
            <Button
              variant="ghost"
              size="sm"
              className="px-2 sm:px-3"
              // The visible text (label, then the number) is the name, as voice control users read it.
              aria-label={count ? `${t("topBar.points")} ${count}` : t("topBar.points")}
              data-tour="points"
            >
              <Star aria-hidden="true" />
              <span className="hidden sm:inline">{t("topBar.points")}</span>
              {count ? " " : null}
              {count ? (
                <span data-testid="points-counter" className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums">
                  {count}
                </span>
              ) : null}
            </Button>
          </PopoverTrigger>
          <PopoverContent className="flex w-64 flex-col gap-2 text-sm" aria-label={t("topBar.points")}>
            <p>{t("topBar.pointsComingSoon")}</p>
            <a href="/points" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("topBar.seePoints")}
            </a>
          </PopoverContent>
        </Popover>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="secondary" size="sm" data-tour="profile" aria-label={t("topBar.profileMenu", { address: shortenAddress(address, 4) })} title={address}>
              <span className="font-mono">{shortenAddress(address, 4)}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" className="w-56">
            <DropdownMenuLabel className="font-mono text-xs break-all">{address}</DropdownMenuLabel>
            <DropdownMenuItem asChild>
              <a href="/settings">
                <Settings aria-hidden="true" />
                {t("topBar.settings")}
              </a>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            {/* The language switcher: the choice is kept here and told to the server (e-mails follow it). */}
            <DropdownMenuLabel className="text-xs text-muted-foreground">{t("language.label")}</DropdownMenuLabel>
            <DropdownMenuRadioGroup
              value={LANGUAGES.find((l) => l === i18n.resolvedLanguage) ?? "en"}
              onValueChange={(lng) => {
                if (isLanguage(lng)) void changeLanguage(lng).then(() => saveMerchantLanguage(lng));
              }}
            >
              {LANGUAGES.map((lng) => (
                <DropdownMenuRadioItem key={lng} value={lng} lang={lng}>
                  {t(`language.${lng}`)}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onLogout}>
              <LogOut aria-hidden="true" />
              {t("topBar.logout")}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
