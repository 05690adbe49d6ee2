import { useEffect, useState } from "react";
import { ZpayButton } from "@zpay/react";

/**
 * The shop's checkout: asks its own server for the order's payment (the server holds the zpay
 * secret and uses the order id as idempotency key), then shows zpay's pay button for it.
 */
export function Checkout({ orderId, checkout = "/checkout" }: { orderId: string; checkout?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    fetch(checkout, { method: "POST", body: JSON.stringify({ orderId, amount: "12.50", currency: "USD" }) })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((body: { url: string }) => live && setUrl(body.url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [orderId, checkout]);

  return (
    <main style={{ font: "16px/1.5 system-ui, sans-serif", maxWidth: "32rem", margin: "2rem auto", padding: "0 1rem" }}>
      <h1>Coffee beans, 1 kg</h1>
      <p>$12.50</p>
      {failed ? <p role="alert">The payment could not be prepared. Please try again.</p> : url ? <ZpayButton url={url}>Pay $12.50 with zpay</ZpayButton> : <p>Preparing your payment…</p>}
    </main>
  );
}
