import type { Logger } from "pino";
import { WebSocket, WebSocketServer } from "ws";
import { accountViewParam } from "./encode/ui-account";
import { handleJsonRpc, type MethodHandler } from "./rpc/dispatch";
import { invalidParams } from "./rpc/errors";
import { booleanParam, commitmentParam, configParam, pubkeyParam, required, signatureParam } from "./rpc/params";
import type { Notify, SubscriptionHub, SubscriptionKind } from "./subscriptions";

/** Normal closure: web3.js reconnects forever after any other close code. */
const CLOSE_NORMAL = 1000;

function logsFilter(filter: unknown): string | null {
  if (filter === "all" || filter === "allWithVotes") return null;
  const mentions = (filter as { mentions?: unknown } | null)?.mentions;
  if (!Array.isArray(mentions)) throw invalidParams('Invalid params: filter must be "all", "allWithVotes" or { mentions: [address] }');
  if (mentions.length !== 1) throw invalidParams("Invalid Request: Only 1 address supported");
  return pubkeyParam(mentions[0]);
}

/** The per-connection method table: subscriptions belong to the socket that made them. */
function connectionMethods(hub: SubscriptionHub, notify: Notify, owned: Set<number>, afterReply: (() => void)[]): Record<string, MethodHandler> {
  const track = (id: number) => {
    owned.add(id);
    return id;
  };
  const unsubscribe = (kind: SubscriptionKind) => (params: unknown[]) => {
    const id = params[0];
    if (typeof id !== "number" || !owned.has(id) || !hub.unsubscribe(kind, id)) {
      owned.delete(id as number);
      throw invalidParams("Invalid subscription id.");
    }
    owned.delete(id);
    return true;
  };
  return {
    signatureSubscribe: ([signature, config]) => {
      const c = configParam(config);
      const { id, afterReply: after } = hub.signature(
        signatureParam(required(signature, "signature")),
        commitmentParam(c),
        booleanParam(c.enableReceivedNotification, false, "enableReceivedNotification"),
        notify,
      );
      if (after) afterReply.push(after);
      return track(id);
    },
    accountSubscribe: ([address, config]) => {
      const c = configParam(config);
      return track(hub.account(pubkeyParam(required(address, "pubkey")), commitmentParam(c), accountViewParam(c, "base64"), notify));
    },
    logsSubscribe: ([filter, config]) => track(hub.logsFor(logsFilter(required(filter, "filter")), commitmentParam(configParam(config)), notify)),
    slotSubscribe: () => track(hub.slot("slot", notify)),
    rootSubscribe: () => track(hub.slot("root", notify)),
    signatureUnsubscribe: unsubscribe("signature"),
    accountUnsubscribe: unsubscribe("account"),
    logsUnsubscribe: unsubscribe("logs"),
    slotUnsubscribe: unsubscribe("slot"),
    rootUnsubscribe: unsubscribe("root"),
  };
}

/**
 * The PubSub WebSocket endpoint (agave serves it on the RPC port + 1). JSON-RPC over text
 * frames; notifications as `{ method: "<kind>Notification", params: { result, subscription } }`.
 */
export class WsRpcServer {
  private constructor(private readonly server: WebSocketServer) {}

  /** @throws when the port cannot be bound (EADDRINUSE is left to the caller to retry). */
  static listen(host: string, port: number, hub: SubscriptionHub, log?: Logger): Promise<WsRpcServer> {
    return new Promise((resolve, reject) => {
      const server = new WebSocketServer({ host, port });
      server.once("error", reject);
      server.once("listening", () => {
        server.off("error", reject);
        server.on("error", (err) => log?.error({ err }, "Solana sandbox WebSocket server error"));
        resolve(new WsRpcServer(server));
      });
      server.on("connection", (socket) => WsRpcServer.serve(socket, hub, log));
    });
  }

  private static serve(socket: WebSocket, hub: SubscriptionHub, log?: Logger): void {
    const owned = new Set<number>();
    const afterReply: (() => void)[] = [];
    const notify: Notify = (method, subscription, result) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ jsonrpc: "2.0", method, params: { result, subscription } }));
    };
    const methods = connectionMethods(hub, notify, owned, afterReply);
    socket.on("message", (data) => {
      const reply = handleJsonRpc(data.toString(), methods, log);
      if (reply !== undefined && socket.readyState === WebSocket.OPEN) socket.send(reply);
      for (const after of afterReply.splice(0)) after();
    });
    socket.on("close", () => {
      for (const id of owned) for (const kind of ["signature", "account", "logs", "slot", "root"] as const) hub.unsubscribe(kind, id);
      owned.clear();
    });
    socket.on("error", (err) => log?.debug({ err }, "Solana sandbox WebSocket client error"));
  }

  /** Closes every client with code 1000, then the server. */
  close(): Promise<void> {
    for (const client of this.server.clients) client.close(CLOSE_NORMAL, "server stopping");
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      // Clients that do not answer the close handshake promptly are cut.
      setTimeout(() => {
        for (const client of this.server.clients) client.terminate();
      }, 1_000).unref();
    });
  }
}
