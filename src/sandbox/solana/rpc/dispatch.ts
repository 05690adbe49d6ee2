import type { Logger } from "pino";
import { RPC_ERROR, RpcError } from "./errors";
import { paramsArray } from "./params";

/** A method receives the request's params array and returns the JSON result. */
export type MethodHandler = (params: unknown[]) => unknown;
export type MethodTable = Readonly<Record<string, MethodHandler>>;

type Id = string | number | null;

interface Response {
  jsonrpc: "2.0";
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const failure = (id: Id, code: number, message: string, data?: unknown): Response => ({
  jsonrpc: "2.0",
  error: data === undefined ? { code, message } : { code, message, data },
  id,
});

function validId(id: unknown): id is Id {
  return id === null || typeof id === "string" || typeof id === "number";
}

/** One request object; undefined for a notification (no id), which gets no response. */
function handleOne(request: unknown, methods: MethodTable, log?: Logger): Response | undefined {
  if (typeof request !== "object" || request === null || Array.isArray(request)) return failure(null, RPC_ERROR.invalidRequest, "Invalid request");
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const notification = !("id" in request);
  if (jsonrpc !== "2.0" || typeof method !== "string" || (!notification && !validId(id))) {
    return failure(validId(id) ? id : null, RPC_ERROR.invalidRequest, "Invalid request");
  }
  const replyId = notification ? null : (id as Id);
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  let response: Response;
  if (!handler) {
    response = failure(replyId, RPC_ERROR.methodNotFound, "Method not found");
  } else {
    try {
      response = { jsonrpc: "2.0", result: handler(paramsArray(params)), id: replyId };
    } catch (err) {
      if (err instanceof RpcError) {
        response = failure(replyId, err.code, err.message, err.data);
      } else {
        log?.error({ err, method }, "RPC method failed");
        response = failure(replyId, RPC_ERROR.internal, "Internal error");
      }
    }
  }
  return notification ? undefined : response;
}

/**
 * A JSON-RPC 2.0 body (single or batch) in, the response body out (undefined when every
 * request was a notification). Methods run synchronously: the bank is single-threaded anyway.
 */
export function handleJsonRpc(body: string, methods: MethodTable, log?: Logger): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return JSON.stringify(failure(null, RPC_ERROR.parse, "Parse error"));
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return JSON.stringify(failure(null, RPC_ERROR.invalidRequest, "Invalid request"));
    const responses = parsed.map((request) => handleOne(request, methods, log)).filter((r) => r !== undefined);
    return responses.length > 0 ? JSON.stringify(responses) : undefined;
  }
  const response = handleOne(parsed, methods, log);
  return response && JSON.stringify(response);
}
