/** Every route the story server answers, in the order msw tries them. */
import { authHandlers } from "./auth-handlers";
import { collectHandlers } from "./collect-handlers";
import { walletHandlers } from "./wallet-handlers";
import { invoiceHandlers } from "./invoice-handlers";
import { zlinkHandlers } from "./zlink-handlers";
import { mailHandlers } from "./mail-handlers";
import { donateHandlers } from "./donate-handlers";
import { cartHandlers } from "./cart-handlers";
import { dashboardHandlers } from "./dashboard-handlers";

export const storyHandlers = [...authHandlers, ...walletHandlers, ...zlinkHandlers, ...mailHandlers, ...collectHandlers, ...donateHandlers, ...cartHandlers, ...invoiceHandlers, ...dashboardHandlers];
