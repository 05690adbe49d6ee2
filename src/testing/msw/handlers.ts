/** Every route the story server answers, in the order msw tries them. */
import { authHandlers } from "./auth-handlers";
import { walletHandlers } from "./wallet-handlers";
import { zlinkHandlers } from "./zlink-handlers";
import { donateHandlers } from "./donate-handlers";

export const storyHandlers = [...authHandlers, ...walletHandlers, ...zlinkHandlers, ...donateHandlers];
