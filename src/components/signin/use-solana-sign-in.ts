import { useCallback, useEffect, useRef, useState } from "react";
import { useWallet } from "@solana/wallet-adapter-react";
import type { WalletName } from "@solana/wallet-adapter-base";
import type { ApiClient } from "@/lib/api-client";
import { buildSigninMessage, signinFields, signinInput, type SigninChallenge } from "@/lib/signin-message";
import type { SessionUser } from "@/stores/session";
import type { SignInPhase } from "./sign-in-panel";

function reason(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}

type WalletSigning = Pick<ReturnType<typeof useWallet>, "signIn" | "signMessage">;

/**
 * Proves `address` holds its key for a server challenge: with the wallet's own Sign-In With
 * Solana (`solana:signIn`, where the wallet shows and checks the site itself) when it has it,
 * else by signing the same message text with `signMessage`.
 */
async function signChallenge({ signIn, signMessage }: WalletSigning, challenge: SigninChallenge, address: string) {
  const fields = signinFields(challenge, address);
  if (signIn) {
    const output = await signIn(signinInput(fields));
    return { message: new TextDecoder().decode(output.signedMessage), signature: output.signature };
  }
  if (!signMessage) throw new Error("This wallet cannot sign messages.");
  const message = buildSigninMessage(fields);
  return { message, signature: await signMessage(new TextEncoder().encode(message)) };
}

/**
 * Sign-in with the wallet adapter: select → connect → ask the server for a nonce → sign the
 * Sign-In With Solana message → POST /solana-signin.
 * Selecting only takes effect on the next render, so each step runs from an effect.
 */
export function useSolanaSignIn({ api, referralCode, onSignedIn }: { api: ApiClient; referralCode: string | null; onSignedIn: (user: SessionUser) => void }) {
  const { wallets, wallet, select, connect, disconnect, connected, connecting, publicKey, signMessage, signIn } = useWallet();
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

  // `phase` too: choosing the wallet the adapter remembers from an earlier sign-in (signing in
  // again) selects nothing new, so `wallet` does not change and only the phase says to connect.
  useEffect(() => {
    if (step.current !== "connect" || !wallet) return;
    if (connected) {
      step.current = "sign";
      return;
    }
    if (!connecting) connect().catch(fail);
  }, [wallet, connected, connecting, connect, fail, phase]);

  useEffect(() => {
    if (!connected || !publicKey) return;
    if (step.current === "connect") step.current = "sign";
    if (step.current !== "sign") return;
    step.current = "none";
    void (async () => {
      try {
        setPhase("signing");
        const address = publicKey.toBase58();
        const { data: challenge } = await api.post<{ data: SigninChallenge }>("/auth/nonce", { publicKey: address });
        const { message, signature } = await signChallenge({ signIn, signMessage }, challenge, address);
        setPhase("verifying");
        const res = await api.post<{ data: { user: SessionUser } }>("/solana-signin", {
          publicKey: address,
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
  }, [connected, publicKey, signMessage, signIn, api, referralCode, onSignedIn, fail, disconnect]);

  return {
    wallets: wallets.map((w) => ({ name: w.adapter.name as string, icon: w.adapter.icon })),
    phase,
    error,
    dismissError: useCallback(() => setError(null), []),
    choose,
    disconnect,
  };
}
