import { DropletIcon, Loader2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import type { FaucetStatus, PayOption } from "./pay-flow";
import { formatTokenUnits } from "./pay-format";
import { familyOfChain, nativeSymbolOf } from "./pay-option";

/** Sandbox only: free test USDC (and SOL for fees) for the connected wallet. */
export function SandboxFaucet({ faucet, option, onRequest, disabled = false }: { faucet: FaucetStatus; option: PayOption; onRequest: () => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation("pay");
  const lng = i18n.resolvedLanguage ?? "en";
  const native = nativeSymbolOf(option.chainId);
  const token = option.token.symbol;
  const sending = faucet.status === "sending";
  return (
    <section data-slot="sandbox-faucet" aria-labelledby="pay-faucet-title" className="grid gap-2 rounded-xl border border-dashed border-warning-foreground/40 bg-warning/30 p-4">
      <h2 id="pay-faucet-title" className="text-sm font-semibold">
        {t("faucet.title")}
      </h2>
      <p className="text-sm">{t("faucet.body", { token, native })}</p>
      <Button variant="outline" className="w-full sm:w-fit" disabled={sending || disabled} onClick={onRequest}>
        {sending ? <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : <DropletIcon aria-hidden="true" />}
        {t("faucet.button", { token })}
      </Button>
      <p role="status" className="text-sm empty:hidden">
        {faucet.status === "sending"
          ? t("faucet.sending")
          : faucet.status === "granted"
            ? t("faucet.granted", {
                token: formatTokenUnits(faucet.grant.tokenAmount, option.token.decimals, token, lng),
                native: formatTokenUnits(faucet.grant.nativeAmount, familyOfChain(option.chainId) === "evm" ? 18 : 9, native, lng),
              })
            : faucet.status === "failed"
              ? t("faucet.failed", { message: faucet.message })
              : ""}
      </p>
    </section>
  );
}
