import { useTranslation } from "react-i18next";
import type { TourStep } from "@/components/tour/guided-tour";

/** The shell's tour stops, each pointing at a `data-tour` mark in the side menu or top bar. */
const STOPS = ["menu", "points", "production", "profile"] as const;

/** The guided tour's steps in the reader's language; production builds skip the go-live stop. */
export function useShellTourSteps(isProduction: boolean): TourStep[] {
  const { t } = useTranslation("common");
  return STOPS.filter((stop) => !(isProduction && stop === "production")).map((stop) => ({
    target: `[data-tour="${stop}"]`,
    title: t(`tour.steps.${stop}.title`),
    body: t(`tour.steps.${stop}.body`),
  }));
}
