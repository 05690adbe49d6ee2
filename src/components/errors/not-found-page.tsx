import { StaticTextSpan } from "@/layouts/static-text-span";
import { staticText } from "@/layouts/static-text";
import { ErrorScreenFrame } from "./error-screen";

/**
 * The 404 page's content, for someone who typed or followed an address (not the API error
 * screen's "Resource not found", which speaks of a request). Rendered at build time with no
 * client directive: its text in every language (StaticTextSwap.astro shows the reader's before
 * first paint), no JavaScript to load.
 */
export function NotFoundPage() {
  return (
    <ErrorScreenFrame
      status={404}
      title={<StaticTextSpan text={staticText("common", "errors.pageNotFound.title")} />}
      message={<StaticTextSpan text={staticText("common", "errors.pageNotFound.message")} />}
      backHome={<StaticTextSpan text={staticText("common", "errors.backHome")} />}
    />
  );
}
