import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { createRoute, z } from "@hono/zod-openapi";
import { ApiError, toErrorResponse } from "./errors";
import { createRouter } from "./router";

function appThrowing(err: unknown) {
  const app = new Hono();
  app.onError(toErrorResponse);
  app.get("/", () => {
    throw err;
  });
  return app;
}

describe("error body", () => {
  it.each([
    [new ApiError(409, "conflict", "Already attached"), 409, { message: "Already attached", code: "conflict" }],
    [new ApiError(422, "unprocessable", "Amount too low", [{ path: "price", message: "Amount must be at least 0.1" }]), 422,
      { message: "Amount too low", code: "unprocessable", issues: [{ path: "price", message: "Amount must be at least 0.1" }] }],
    [new HTTPException(401, { message: "No token" }), 401, { message: "No token", code: "unauthorized" }],
    [new HTTPException(429), 429, { message: "Request failed", code: "rate_limited" }],
  ])("maps %s", async (err, status, body) => {
    const res = await appThrowing(err).request("/");
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
  });

  it("hides internals of unexpected errors", async () => {
    const res = await appThrowing(new Error("password=hunter2 at db.ts:12")).request("/");
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ message: "Internal server error", code: "internal" });
    expect(JSON.stringify(body)).not.toContain("hunter2");
  });

  it("answers 400 with field issues when a request fails validation", async () => {
    const router = createRouter().openapi(
      createRoute({
        method: "post",
        path: "/things",
        request: { body: { content: { "application/json": { schema: z.object({ price: z.number().min(0.1) }) } } } },
        responses: { 200: { description: "ok" } },
      }),
      (c) => c.body(null, 200),
    );
    const app = new Hono().route("/", router);
    app.onError(toErrorResponse);
    const res = await app.request("/things", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ price: 0.01 }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("invalid_request");
    expect(body.issues[0].path).toBe("price");
  });
});
