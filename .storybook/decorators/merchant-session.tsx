import { useState } from "react";
import type { Decorator } from "@storybook/react-vite";
import { STORY_TOKEN, storyMerchant } from "../../src/testing/msw/fixtures";
import { storyServer } from "../../src/testing/msw/store";
import { setSession } from "../../src/stores/session";

/** How the story merchant differs from the default one (see storyMerchant), e.g. `{ settings: { permissions: [] } }`. */
export type MerchantSessionParameter = Parameters<typeof storyMerchant>[0];

declare module "storybook/internal/csf" {
  interface Parameters {
    /**
     * Signs the story merchant in before the story renders: in the browser's session store and
     * on the story server, so merchant API calls carry a live token. `true` is the default story
     * merchant; `false` (or leaving it out) keeps the visitor signed out.
     */
    merchantSession?: MerchantSessionParameter | boolean;
  }
}

/**
 * Signs in once, before the children's first render (a guard that finds nobody would leave for
 * /auth). Signing out again is preview.tsx's reset before and after every story.
 */
function SignedIn({ merchant, children }: { merchant: MerchantSessionParameter; children: React.ReactNode }) {
  useState(() => {
    const account = storyMerchant(merchant);
    storyServer.signIn(account);
    setSession({ ...account, token: STORY_TOKEN, validTill: new Date(Date.now() + 3600_000).toISOString() });
    return true;
  });
  return <>{children}</>;
}

/** `parameters.merchantSession`: the story's merchant is signed in (see above). */
export const withMerchantSession: Decorator = (Story, { parameters }) => {
  const merchant = parameters.merchantSession;
  if (!merchant) return <Story />;
  return (
    <SignedIn merchant={merchant === true ? {} : merchant}>
      <Story />
    </SignedIn>
  );
};
