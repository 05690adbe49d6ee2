import { describe, expect, it } from "vitest";
import { shellForPath } from "./rewrites";

describe("deep-link rewrites", () => {
  it.each([
    ["/transactions/next/abc/def", "/transactions/index.html"],
    ["/transactions/prev/abc/def/", "/transactions/index.html"],
    ["/zapi/next/abc/def", "/zapi/index.html"],
  ])("%s loads %s", (path, shell) => expect(shellForPath(path)).toBe(shell));

  it.each(["/", "/transactions", "/transactions/next/abc", "/settings/unknown", "/settings/deposits", "/settings/notifications", "/settings/security", "/api/health", "/transactions/next/a/b/c"])(
    "%s is served as is",
    (path) => expect(shellForPath(path)).toBeUndefined(),
  );
});
