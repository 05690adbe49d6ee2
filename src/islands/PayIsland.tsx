import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { I18nRoot } from "@/components/i18n/i18n-root";
import { createPayApi, type PayApi } from "@/components/pay/pay-api-client";
import { loadedFamily, loadFamily, rememberFamily, type FamilyContainer } from "@/components/pay/pay-family";
import { focusedField, refocusWhenDrawn, type FocusedField } from "@/components/pay/keep-focus";
import { PayNotice } from "@/components/pay/pay-notice";
import { PayPageLoading } from "@/components/pay/pay-page";
import type { PayFamily } from "@/components/pay/pay-option";
import type { PayableProduct } from "@/lib/pay-api";
import type { PayerChoice } from "@/lib/pay-choice";
import { ConnectedToastBar } from "@/components/app-shell/connected-toast-bar";
import { showToast } from "@/stores/toasts";

export interface PayIslandProps {
  search?: string;
  api?: PayApi;
  product?: PayableProduct;
  /** The chain family the payer picked on the served page (default Solana). */
  family?: PayFamily;
  /** WalletConnect's project id, when the instance has one. */
  walletConnectProjectId?: string;
  /** What the payer already chose on the served page before it loaded (a donation's amount and note). */
  choice?: PayerChoice;
}

/**
 * Island for the payments origin's `/?p={id}`: the hosted pay page. `api` defaults to the
 * payments origin's own payer API; stories pass a fake. `product` is what the served HTML shows
 * (src/server/modules/pay/page.tsx), so the first render draws the same summary. Only the
 * picked family's wallet code is loaded (src/components/pay/pay-family.ts); picking the other
 * family loads it and swaps the container once it is here.
 */
export default function PayIsland({ search, api, product, family: initialFamily = "solana", walletConnectProjectId, choice: servedChoice }: PayIslandProps) {
  const query = search ?? (typeof window === "undefined" ? "" : window.location.search);
  const productId = new URLSearchParams(query).get("p");
  const [payApi] = useState(() => api ?? createPayApi());
  // The container in use and its family change together, once the new family's code is here.
  const [shown, setShown] = useState<{ family: PayFamily; Container?: FamilyContainer }>(() => ({ family: initialFamily, Container: loadedFamily(initialFamily) }));
  const [pending, setPending] = useState<PayFamily | null>(null);
  // Kept here so a switch of chain family (a new container) keeps what the payer chose.
  const [choice, setChoice] = useState<PayerChoice>(() => servedChoice ?? {});
  const choose = useCallback((patch: PayerChoice) => setChoice((c) => ({ ...c, ...patch })), []);
  const { family, Container } = shown;

  useEffect(() => {
    if (Container) return;
    let live = true;
    void loadFamily(family).then((loaded) => live && setShown({ family, Container: loaded }));
    return () => {
      live = false;
    };
  }, [Container, family]);

  // The field the payer was in when the new container replaced the old one (keep-focus.ts).
  const focusToKeep = useRef<FocusedField | null>(null);
  useLayoutEffect(() => {
    const field = focusToKeep.current;
    focusToKeep.current = null;
    return field ? refocusWhenDrawn(field) : undefined;
  }, [shown]);

  const pickFamily = useCallback(
    (next: PayFamily) => {
      if (next === family || pending) return;
      rememberFamily(next);
      setPending(next);
      // The radio just picked: the group is disabled while the code loads, which can drop its focus.
      const picked = focusedField();
      loadFamily(next).then(
        (loaded) => {
          focusToKeep.current = focusedField() ?? picked;
          setPending(null);
          setShown({ family: next, Container: loaded });
        },
        (err: unknown) => {
          setPending(null);
          showToast({ message: err instanceof Error ? err.message : String(err), variant: "error" });
        },
      );
    },
    [family, pending],
  );

  return (
    <I18nRoot>
      {!productId ? (
        <PayNotice paymentId={null} />
      ) : Container ? (
        <Container
          key={family}
          productId={productId}
          api={payApi}
          product={product?.id === productId ? product : undefined}
          walletConnectProjectId={walletConnectProjectId}
          pendingFamily={pending}
          onPickFamily={pickFamily}
          choice={choice}
          onChoose={choose}
        />
      ) : (
        <PayPageLoading />
      )}
      <ConnectedToastBar />
    </I18nRoot>
  );
}
