import { useCallback, useEffect, useRef, useState } from "react";
import { useWallet } from "@solana/wallet-adapter-react";
import type { WalletName } from "@solana/wallet-adapter-base";
import type { ApiClient } from "@/lib/api-client";
import { buildSigninMessage } from "@/lib/signin-message";
import type { SessionUser } from "@/stores/session";
import type { SignInPhase } from "./sign-in-panel";

function reason(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}

/**
 * Sign-in with the wallet adapter: select → connect → sign the message → POST /solana-signin.
 * Selecting only takes effect on the next render, so each step runs from an effect.
 */
export function useSolanaSignIn({ api, referralCode, onSignedIn }: { api: ApiClient; referralCode: string | null; onSignedIn: (user: SessionUser) => void }) {
  const { wallets, wallet, select, connect, disconnect, connected, connecting, publicKey, signMessage } = useWallet();
  const [phase, setPhase] = useState<SignInPhase>("idle");
  const [error, setError] = useState<string | null>(null);
  const step = useRef<"none" | "connect" | "sign">("none");

  const fail = useCallback((err: unknown) => {
    step.current = "none";
    setPhase("idle");
    setError(reason(err));
  }, []);

  const choose = useCallback(
    (name: string) => {
      if (step.current !== "none") return; // one attempt at a time
      setError(null);
      setPhase("connecting");
      step.current = "connect";
      select(name as WalletName);
    },
    [select],
  );

  useEffect(() => {
    if (step.current !== "connect" || !wallet) return;
    if (connected) {
      step.current = "sign";
      return;
    }
    if (!connecting) connect().catch(fail);
  }, [wallet, connected, connecting, connect, fail]);

  useEffect(() => {
    if (!connected || !publicKey) return;
    if (step.current === "connect") step.current = "sign";
    if (step.current !== "sign") return;
    step.current = "none";
    void (async () => {
      try {
        if (!signMessage) throw new Error("This wallet cannot sign messages.");
        setPhase("signing");
        const message = buildSigninMessage();
        const signature = await signMessage(new TextEncoder().encode(message));
        setPhase("verifying");
        const res = await api.post<{ data: { user: SessionUser } }>("/solana-signin", {
          publicKey: publicKey.toBase58(),
          signature: Array.from(signature),
          message,
          ...(referralCode ? { referralCode } : {}),
        });
        setPhase("idle");
        onSignedIn(res.data.user);
      } catch (err) {
        fail(err);
        void disconnect().catch(() => {});
      }
    })();
  }, [connected, publicKey, signMessage, api, referralCode, onSignedIn, fail, disconnect]);

  return {
    wallets: wallets.map((w) => ({ name: w.adapter.name as string, icon: w.adapter.icon })),
    phase,
    error,
    dismissError: useCallback(() => setError(null), []),
    choose,
    disconnect,
  };
}
