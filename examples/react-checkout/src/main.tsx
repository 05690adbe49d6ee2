import { createRoot } from "react-dom/client";
import { Checkout } from "./checkout.tsx";

const orderId = new URLSearchParams(location.search).get("order") ?? `A-${Date.now()}`;
createRoot(document.getElementById("root")!).render(<Checkout orderId={orderId} />);
