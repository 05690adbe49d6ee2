import net from "node:net";
import type { Server, ServerResponse } from "node:http";

/** Idle keep-alive sockets are swept this often while a server drains. */
const SWEEP_MS = 100;
/**
 * How long a keep-alive socket that was idle when the drain began may still bring one more
 * request (its client may have sent it already): that request is answered, with `Connection:
 * close`. Past this, an idle socket is closed; its client has not been using it.
 */
const IDLE_GRACE_MS = 250;

export interface DrainResult {
  /** Connections still open at the deadline, destroyed. */
  destroyed: number;
}

/**
 * Makes an HTTP server stoppable under keep-alive traffic (call right after it is created, before
 * it serves). `drain(deadlineMs)` stops accepting connections; every response from then on —
 * in flight or on a socket that was kept alive — says `Connection: close`, so its client takes
 * the answer and goes away; idle keep-alive sockets are closed again and again (not once: a busy
 * socket becomes idle between two requests); at the deadline whatever remains is destroyed.
 * Node's own `server.close()` closes idle sockets once and then waits for the rest, which under
 * clients that keep sending never ends.
 */
export function drainable(server: Server): { drain(deadlineMs: number): Promise<DrainResult> } {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const sayClose = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("connection", "close");
  };
  server.on("request", (_req, res: ServerResponse) => {
    if (draining) sayClose(res);
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  let drained: Promise<DrainResult> | undefined;
  return {
    drain: (deadlineMs) =>
      (drained ??= new Promise<DrainResult>((resolve) => {
        draining = true;
        for (const res of inFlight) sayClose(res);
        let destroyed = 0;
        let sweep: NodeJS.Timeout | undefined;
        const grace = setTimeout(() => {
          server.closeIdleConnections();
          sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
        }, IDLE_GRACE_MS);
        const deadline = setTimeout(() => {
          server.getConnections((_err, count) => {
            destroyed = count;
            server.closeAllConnections();
          });
        }, deadlineMs);
        // The listening socket only: http.Server#close would also close every idle keep-alive
        // socket at once, cutting off a request its client is sending on one right now.
        net.Server.prototype.close.call(server, () => {
          clearInterval(sweep);
          clearTimeout(grace);
          clearTimeout(deadline);
          resolve({ destroyed });
        });
      })),
  };
}
