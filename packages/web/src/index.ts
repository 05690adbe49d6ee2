export { BUTTON_CLASS, BUTTON_STYLE, DEFAULT_LABEL, mountAll, mountPayButton, openPayPage, payPageUrl, type OpenIn, type PayButtonOptions } from "./pay-button.ts";
