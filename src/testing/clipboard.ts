import { fn } from "storybook/test";

/** Replaces navigator.clipboard for a story (real clipboard access is flaky headless); returns the spy and the undo. */
export function stubClipboard(outcome: "resolves" | "rejects" = "resolves") {
  const writeText = fn<(text: string) => Promise<void>>();
  if (outcome === "resolves") writeText.mockResolvedValue(undefined);
  else writeText.mockRejectedValue(new DOMException("Write permission denied.", "NotAllowedError"));
  const own = Object.getOwnPropertyDescriptor(navigator, "clipboard");
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  return {
    writeText,
    restore: () => {
      if (own) Object.defineProperty(navigator, "clipboard", own);
      else Reflect.deleteProperty(navigator, "clipboard");
    },
  };
}
