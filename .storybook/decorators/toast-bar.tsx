import type { Decorator } from "@storybook/react-vite";
import { ConnectedToastBar } from "../../src/components/app-shell/connected-toast-bar";

declare module "storybook/internal/csf" {
  interface Parameters {
    /** Renders the page's toast bar (fed by the $toasts store) after the story, so its toasts show. */
    toastBar?: boolean;
  }
}

/** `parameters.toastBar`: the story with the connected toast bar after it, as a page mounts it. */
export const withToastBar: Decorator = (Story, { parameters }) =>
  parameters.toastBar ? (
    <>
      <Story />
      <ConnectedToastBar />
    </>
  ) : (
    <Story />
  );
