import * as React from "react";
import type { ApiClient } from "@/lib/api-client";
import type { ProfileDto } from "@/lib/profile";

/**
 * Whether the merchant's profile has a display name (GET /api/profile): undefined while loading or
 * when it could not be read, so the next steps never claim the step done, or missing, on a guess.
 */
export function useHasBusinessName(api: ApiClient): boolean | undefined {
  const [hasName, setHasName] = React.useState<boolean | undefined>(undefined);
  React.useEffect(() => {
    let live = true;
    api.get<{ data: ProfileDto }>("/profile").then(
      ({ data }) => live && setHasName(data.company.trim() !== ""),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return hasName;
}
