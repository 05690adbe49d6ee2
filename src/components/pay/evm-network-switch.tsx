import { ArrowLeftRightIcon, Loader2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/**
 * SPEC §4 "needs chain switch": the connected EVM wallet is on another network than the one
 * the payer picked. Paying waits until the wallet has switched (the button asks it to).
 */
export function EvmNetworkSwitch({ current, target, switching, onSwitch, disabled = false }: { current?: string; target: string; switching: boolean; onSwitch: () => void; disabled?: boolean }) {
  const { t } = useTranslation("pay");
  return (
    <div data-slot="evm-network-switch" role="alert" className="grid gap-3 rounded-lg border border-warning-foreground/30 bg-warning/40 p-3 text-sm">
      <p>{t("evm.wrongNetwork", { current: current ?? t("evm.unknownNetwork"), target })}</p>
      <Button size="sm" className="w-fit" disabled={switching || disabled} onClick={onSwitch}>
        {switching ? <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <ArrowLeftRightIcon aria-hidden="true" />}
        {switching ? t("evm.switching", { target }) : t("evm.switch", { target })}
      </Button>
    </div>
  );
}
