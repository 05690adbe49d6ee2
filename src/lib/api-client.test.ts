import { describe, expect, it, vi } from "vitest";
import { ApiRequestError, createApiClient } from "./api-client";

function respond(status: number, body: string, statusText = "") {
  return vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(body, { status, statusText }));
}

describe("api client", () => {
  it("sends JSON with the current bearer token and parses the answer", async () => {
    const fetch = respond(200, JSON.stringify({ data: { ok: 1 } }));
    let token = "t1";
    const api = createApiClient({ base: "http://app", getToken: () => token, fetch });
    expect(await api.post("/things", { a: 1 })).toEqual({ data: { ok: 1 } });
    token = "t2";
    await api.get("/things");
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("http://app/api/things");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>).authorization).toBe("Bearer t1");
    expect((fetch.mock.calls[1][1]?.headers as Record<string, string>).authorization).toBe("Bearer t2");
  });

  it("sends no authorization header when signed out", async () => {
    const fetch = respond(200, "{}");
    await createApiClient({ fetch }).get("/health");
    expect((fetch.mock.calls[0][1]?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it("rejects with the server's message, code and issues", async () => {
    const body = { message: "Amount must be at least 0.1", code: "invalid_request", issues: [{ path: "price", message: "too low" }] };
    const api = createApiClient({ fetch: respond(400, JSON.stringify(body)) });
    const err = await api.post("/quick-pays/create", {}).catch((e) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 400, message: body.message, code: body.code, issues: body.issues, isSessionProblem: false });
  });

  it("falls back to the status text when the body has no message", async () => {
    const err = await createApiClient({ fetch: respond(502, "<html>bad gateway</html>", "Bad Gateway") }).get("/x").catch((e) => e);
    expect(err).toMatchObject({ status: 502, message: "Bad Gateway" });
  });

  it.each([401, 403])("flags %i as a session problem", async (status) => {
    const err = (await createApiClient({ fetch: respond(status, JSON.stringify({ message: "no" })) }).get("/x").catch((e) => e)) as ApiRequestError;
    expect(err.isSessionProblem).toBe(true);
  });

  it("does not flag a 401 asking for a fresh sign-in as a session problem", async () => {
    const body = JSON.stringify({ message: "For your security, please sign in again", code: "fresh_sign_in_required" });
    const err = (await createApiClient({ fetch: respond(401, body) }).get("/integrations").catch((e) => e)) as ApiRequestError;
    expect(err).toMatchObject({ status: 401, isSessionProblem: false, needsFreshSignIn: true, message: "For your security, please sign in again" });
  });

  it("does not flag a 403 for a missing permission as a session problem", async () => {
    const body = JSON.stringify({ message: "Your account does not have access to this feature", code: "permission_denied" });
    const err = (await createApiClient({ fetch: respond(403, body) }).get("/quick-pays").catch((e) => e)) as ApiRequestError;
    expect(err).toMatchObject({ status: 403, isSessionProblem: false, isPermissionDenied: true });
    const terms = JSON.stringify({ message: "Please accept the terms of service to continue", code: "terms_not_accepted" });
    const other = (await createApiClient({ fetch: respond(403, terms) }).get("/quick-pays").catch((e) => e)) as ApiRequestError;
    expect(other).toMatchObject({ isSessionProblem: true, isPermissionDenied: false });
  });

  it("turns a network failure into an error with status 0", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    const err = await createApiClient({ fetch }).get("/x").catch((e) => e);
    expect(err).toMatchObject({ status: 0, code: "network", message: "Network request failed" });
  });
});
