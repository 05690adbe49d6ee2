/**
 * How the story server answers: JSON in and out, errors as `{ message, code, issues? }` with the
 * server's status (src/server/http/errors.ts), and every request recorded for the stories' checks.
 */
import { http, HttpResponse, type DefaultBodyType, type PathParams } from "msw";
import { storyServer } from "./store";

/** Thrown by a handler to answer an error, as the server's ApiError does. */
export class StoryApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export function errorResponse(status: number, code: string, message: string, issues?: { path: string; message: string }[]) {
  return HttpResponse.json({ message, code, ...(issues ? { issues } : {}) }, { status });
}

async function readJson(request: Request): Promise<Record<string, unknown> | undefined> {
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new StoryApiError(400, "invalid_request", "Malformed JSON body");
  }
}

type Method = "get" | "post" | "put" | "delete";

export interface RouteInfo {
  request: Request;
  params: PathParams;
  /** The parsed JSON body ({} when there was none). */
  body: Record<string, unknown>;
}

/**
 * One API route: records the request, runs `answer`, and sends what it returns as JSON with
 * status 200 (a Response it returns goes as is); a thrown StoryApiError becomes its error.
 */
export function route(method: Method, path: string, answer: (info: RouteInfo) => DefaultBodyType | Response) {
  return http[method](path, async ({ request, params }) => {
    const url = new URL(request.url);
    try {
      const body = await readJson(request);
      storyServer.requests.push({ method: method.toUpperCase(), path: url.pathname + url.search, body });
      const result = answer({ request, params, body: body ?? {} });
      return result instanceof Response ? result : HttpResponse.json(result);
    } catch (err) {
      if (err instanceof StoryApiError) return errorResponse(err.status, err.code, err.message, err.issues);
      throw err;
    }
  });
}
