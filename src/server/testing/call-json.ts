type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Sends JSON and answers status and parsed body. */
export async function callJson(app: App, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.request(url, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
