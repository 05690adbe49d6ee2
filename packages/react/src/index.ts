export { ZpayButton, type ZpayButtonProps } from "./zpay-button.tsx";
