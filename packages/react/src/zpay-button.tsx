import type { ButtonHTMLAttributes, MouseEvent } from "react";
import { BUTTON_CLASS, BUTTON_STYLE, DEFAULT_LABEL, openPayPage, payPageUrl, type OpenIn } from "@zpay/web";

export interface ZpayButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  /** The payment's `url` as the zAPI answered your server (the hosted pay page). */
  url: string;
  /** This tab (default) or a new one. */
  openIn?: OpenIn;
  /** No built-in look: style it with your own className. */
  unstyled?: boolean;
}

/**
 * A pay button that opens the hosted pay page of a payment your server created. Children are the
 * label ("Pay with zpay" when none). An onClick of yours runs first and may call
 * event.preventDefault() to keep the page from opening.
 */
export function ZpayButton({ url, openIn = "same-tab", unstyled = false, children, className, style, onClick, ...rest }: ZpayButtonProps) {
  const href = payPageUrl(url); // a wrong URL fails at render, not at the payer's click
  const open = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) openPayPage(href, openIn);
  };
  return (
    <button
      {...rest}
      type="button"
      className={[BUTTON_CLASS, className].filter(Boolean).join(" ")}
      style={unstyled ? style : { ...BUTTON_STYLE, ...style }}
      data-zpay-url={href}
      onClick={open}
    >
      {children ?? DEFAULT_LABEL}
    </button>
  );
}
