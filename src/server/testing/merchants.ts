import { buildSigninMessage } from "@/lib/signin-message";
import { newSolanaKey } from "./solana-keys";

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Signs a fresh merchant in through the API (and accepts the terms unless told not to). */
export async function signInMerchant(app: App, options: { acceptTerms?: boolean } = {}) {
  const key = newSolanaKey();
  const message = buildSigninMessage();
  const res = await app.request("/api/solana-signin", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ publicKey: key.address, message, signature: key.sign(message) }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { user } = (await res.json()).data as { user: { _id: string; token: string } };
  if (options.acceptTerms !== false) {
    await app.request("/api/accept-terms", { method: "POST", headers: { authorization: `Bearer ${user.token}` } });
  }
  return { id: user._id, token: user.token, auth: { authorization: `Bearer ${user.token}` } };
}
