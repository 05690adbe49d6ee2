/** Every route the story server answers, in the order msw tries them. */
import { authHandlers } from "./auth-handlers";
import { walletHandlers } from "./wallet-handlers";
import { invoiceHandlers } from "./invoice-handlers";
import { zlinkHandlers } from "./zlink-handlers";

export const storyHandlers = [...authHandlers, ...walletHandlers, ...zlinkHandlers, ...invoiceHandlers];
