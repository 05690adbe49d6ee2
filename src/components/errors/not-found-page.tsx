import { StaticTextSpan } from "@/layouts/static-text-span";
import { staticText } from "@/layouts/static-text";
import { ErrorScreenFrame } from "./error-screen";

/**
 * The 404 page's content, rendered at build time with no client directive: its text in every
 * language (StaticTextSwap.astro shows the reader's before first paint), no JavaScript to load.
 */
export function NotFoundPage() {
  return (
    <ErrorScreenFrame
      status={404}
      title={<StaticTextSpan text={staticText("common", "errors.notFound.title")} />}
      message={<StaticTextSpan text={staticText("common", "errors.notFound.message")} />}
      backHome={<StaticTextSpan text={staticText("common", "errors.backHome")} />}
    />
  );
}
