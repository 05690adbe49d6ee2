/** Every route the story server answers, in the order msw tries them. */
import { authHandlers } from "./auth-handlers";
import { collectHandlers } from "./collect-handlers";
import { unmappedHandlers } from "./unmapped-handlers";
import { adminHandlers } from "./admin-handlers";
import { walletHandlers } from "./wallet-handlers";
import { invoiceHandlers } from "./invoice-handlers";
import { zlinkHandlers } from "./zlink-handlers";
import { mailHandlers } from "./mail-handlers";
import { donateHandlers } from "./donate-handlers";
import { cartHandlers } from "./cart-handlers";
import { refundHandlers } from "./refund-handlers";
import { orderHandlers } from "./order-handlers";
import { rewardsHandlers } from "./rewards-handlers";
import { dashboardHandlers } from "./dashboard-handlers";
import { notifyHandlers } from "./notify-handlers";
import { profileHandlers } from "./profile-handlers";
import { apiKeysHandlers } from "./api-keys-handlers";

export const storyHandlers = [...authHandlers, ...walletHandlers, ...zlinkHandlers, ...mailHandlers, ...collectHandlers, ...donateHandlers, ...cartHandlers, ...invoiceHandlers, ...unmappedHandlers, ...refundHandlers, ...orderHandlers, ...rewardsHandlers, ...dashboardHandlers, ...notifyHandlers, ...adminHandlers, ...profileHandlers, ...apiKeysHandlers];
