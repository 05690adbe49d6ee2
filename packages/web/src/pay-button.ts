/**
 * The zpay Web SDK: a pay button for any page. The merchant's server creates the payment (zAPI,
 * e.g. with @zpay/node) and hands its `url` to the page; the button opens that hosted pay page.
 * No secret ever reaches the browser, and the SDK talks to no API itself.
 */

export type OpenIn = "same-tab" | "new-tab";

export interface PayButtonOptions {
  /** The payment's `url` as the zAPI answered it (the hosted pay page). */
  url: string;
  /** The button's text; "Pay with zpay" by default (pass your page's language). */
  label?: string;
  /** Where the pay page opens: this tab (default: the pay page takes the payer back through the callback URL) or a new one. */
  openIn?: OpenIn;
}

export const DEFAULT_LABEL = "Pay with zpay";
/** The class of every button the SDK renders, for the merchant's own CSS. */
export const BUTTON_CLASS = "zpay-pay-button";

/**
 * The URL if it is one a button may open: http(s) only (never `javascript:` or `data:`), without
 * credentials. Throws a TypeError naming the problem otherwise.
 */
export function payPageUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`zpay: not a URL: ${url}`);
  }
  if ((parsed.protocol !== "https:" && parsed.protocol !== "http:") || parsed.username || parsed.password) throw new TypeError(`zpay: the pay page URL must be http(s): ${url}`);
  return parsed.href;
}

/** Opens the hosted pay page: in this tab, or a new one without a handle back on this page. */
export function openPayPage(url: string, openIn: OpenIn = "same-tab", win: Window = window): void {
  const href = payPageUrl(url);
  if (openIn === "new-tab") win.open(href, "_blank", "noopener");
  else win.location.assign(href);
}

/** The button's look (camelCase CSS properties), shared with @zpay/react; override with CSS on BUTTON_CLASS. */
export const BUTTON_STYLE = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  padding: "10px 20px",
  border: "0",
  borderRadius: "8px",
  background: "#4f46e5",
  color: "#ffffff",
  font: "600 16px/1.2 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  cursor: "pointer",
} as const;

/**
 * Renders a pay button into `container` (replacing nothing: it is appended) and answers it. The
 * URL is checked now, so a wrong one fails when the page is built, not when the payer clicks.
 */
export function mountPayButton(container: Element, options: PayButtonOptions): HTMLButtonElement {
  const href = payPageUrl(options.url);
  const doc = container.ownerDocument;
  const button = doc.createElement("button");
  button.type = "button";
  button.className = BUTTON_CLASS;
  Object.assign(button.style, BUTTON_STYLE);
  button.textContent = options.label ?? DEFAULT_LABEL;
  button.addEventListener("click", () => openPayPage(href, options.openIn, doc.defaultView ?? window));
  container.appendChild(button);
  return button;
}

/**
 * Mounts a button in every `[data-zpay-url]` element under `root` not yet mounted
 * (`data-zpay-label`, `data-zpay-open-in="new-tab"` optional); answers the new buttons. An element
 * with a bad URL is skipped with a console error, so one mistake does not break the others.
 */
export function mountAll(root: ParentNode = document): HTMLButtonElement[] {
  const buttons: HTMLButtonElement[] = [];
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("[data-zpay-url]"))) {
    if (el.dataset.zpayMounted) continue;
    try {
      buttons.push(
        mountPayButton(el, {
          url: el.dataset.zpayUrl ?? "",
          label: el.dataset.zpayLabel,
          openIn: el.dataset.zpayOpenIn === "new-tab" ? "new-tab" : "same-tab",
        }),
      );
      el.dataset.zpayMounted = "true";
    } catch (err) {
      console.error(err);
    }
  }
  return buttons;
}
