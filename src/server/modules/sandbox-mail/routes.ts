import type { MiddlewareHandler } from "hono";
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppEnv } from "../../http/context";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { SANDBOX_MAIL_MAX_PAGE_SIZE, SANDBOX_MAIL_PAGE_SIZE, type SandboxMail, type SandboxMailPage } from "@/lib/sandbox-mail";
import { listSandboxMails } from "./service";

const SandboxMailDto = z
  .object({
    id: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable().openapi({ description: "Untrusted markup: show it only in a sandboxed frame" }),
    receivedAt: z.string().openapi({ description: "ISO time" }),
  })
  .openapi("SandboxMail");

const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).openapi({ param: { name: "page", in: "query" } }),
  pageSize: z.coerce.number().int().min(1).max(SANDBOX_MAIL_MAX_PAGE_SIZE).default(SANDBOX_MAIL_PAGE_SIZE).openapi({ param: { name: "pageSize", in: "query" } }),
  to: z.string().trim().max(320).optional().openapi({ param: { name: "to", in: "query" }, description: "Only mails sent to this address" }),
});

const listRoute = createRoute({
  method: "get",
  path: "/sandbox/mails",
  tags: ["Sandbox"],
  summary: "The sandbox mailbox: every e-mail the sandbox sent, newest first",
  description: "Sandbox mode only (404 in production); no sign-in, the sandbox being local. Paged.",
  request: { query: PageQuery },
  responses: {
    200: {
      description: "A page of mails",
      content: json(z.object({ data: z.array(SandboxMailDto), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() })),
    },
    ...errorResponses(400, 404),
  },
});

/** In production mode the mailbox does not exist: 404 like any unknown path. */
export const sandboxOnly =
  (deps: AppDeps): MiddlewareHandler<AppEnv> =>
  async (_c, next) => {
    if (deps.env.ZPAY_MODE === "production") throw new ApiError(404, "not_found", "Resource not found");
    await next();
  };

/** `GET /api/sandbox/mails` on the app origin (tests and the e2e `waitForMail` read it). */
export function sandboxMailRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use("/sandbox/mails", sandboxOnly(deps));
  return router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { mails, total } = await listSandboxMails(deps.database.db, query);
    const body = { data: mails satisfies SandboxMail[], page: query.page, pageSize: query.pageSize, total } satisfies SandboxMailPage;
    return c.json(body, 200);
  });
}
