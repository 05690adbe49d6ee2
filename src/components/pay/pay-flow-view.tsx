import { useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import type { PayableProduct } from "@/lib/pay-api";
import type { PayerChoice } from "@/lib/pay-choice";
import type { PaymentStores } from "@/stores/payment";
import type { PayApi } from "./pay-api-client";
import { createPayFlow } from "./pay-flow";
import { PayPage } from "./pay-page";
import type { PayFamily } from "./pay-option";
import type { PaymentSender, PaymentSwapper } from "./payment-sender";
import type { PayWalletView } from "./wallet-panel";

export interface PayFlowViewProps {
  productId: string;
  api: PayApi;
  /** The wallet as plain values; `SolanaPayContainer` adapts wallet-adapter, stories pass a fake. */
  wallet: PayWalletView;
  /** Sends the payment from the connected wallet; null until connected. */
  sender: PaymentSender | null;
  /** Pays with another token from the connected wallet (Solana, issue 26); without it the choice is not offered. */
  swapper?: PaymentSwapper | null;
  showWalletApps?: boolean;
  onRedirect?: (url: string) => void;
  redirectMs?: number;
  pollMs?: number;
  /** Defaults to the app's persisted stores (`paymentStores`). */
  stores?: PaymentStores;
  /** The product the served HTML already shows (the first render matches it). */
  product?: PayableProduct;
  /** The chain family this view pays in (its container's); default the product's first. */
  family?: PayFamily;
  /** The family being loaded after the payer picked another. */
  pendingFamily?: PayFamily | null;
  /** The payer picks the other family (the island loads its wallet code). */
  onPickFamily?: (family: PayFamily) => void;
  /** The payer's choice (kept by the island, so it survives a switch of family) and its setter. */
  choice?: PayerChoice;
  onChoose?: (patch: PayerChoice) => void;
}

/** Runs the pay flow controller for one product and draws its state with `PayPage`. */
export function PayFlowView(props: PayFlowViewProps) {
  const { productId, api, wallet, sender, swapper, showWalletApps, onRedirect, redirectMs, pollMs, stores, product, family, pendingFamily, onPickFamily } = props;
  const [flow] = useState(() => createPayFlow({ productId, api, stores, pollMs, product, family }));
  // Without an island to keep it (stories), the view keeps the choice itself.
  const [ownChoice, setOwnChoice] = useState<PayerChoice>({});
  const choice = props.onChoose ? (props.choice ?? {}) : ownChoice;
  const onChoose = props.onChoose ?? ((patch: PayerChoice) => setOwnChoice((c) => ({ ...c, ...patch })));
  flow.setChoice(choice);
  useEffect(() => {
    flow.start();
    return () => flow.stop();
  }, [flow]);
  useEffect(() => {
    flow.walletChanged(wallet.address);
  }, [flow, wallet.address]);
  const state = useStore(flow.$state);
  const stage = useStore(flow.stores.$stage);
  const transaction = useStore(flow.stores.$flow);
  return (
    <PayPage
      state={state}
      stage={stage}
      flow={transaction}
      wallet={wallet}
      showWalletApps={showWalletApps}
      onRetrySanction={flow.retrySanction}
      onFaucet={() => void flow.requestFaucet()}
      onPay={() => void flow.pay(sender)}
      onPayWithQr={() => void flow.payWithQr()}
      onSendRest={() => void flow.sendRest(sender)}
      onOpenSwap={swapper === undefined ? undefined : () => void flow.openSwap(swapper)}
      onPickSwap={(mint) => void flow.pickSwap(swapper ?? null, mint)}
      onPaySwap={() => void flow.paySwap(swapper ?? null)}
      onCloseSwap={flow.closeSwap}
      onTryAgain={flow.startOver}
      onRedirect={onRedirect}
      redirectMs={redirectMs}
      family={family ?? wallet.family}
      pendingFamily={pendingFamily}
      onPickFamily={onPickFamily}
      onSelectOption={flow.selectOption}
      choice={choice}
      onChoose={onChoose}
    />
  );
}
