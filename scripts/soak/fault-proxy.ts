import net from "node:net";

/** pass: bytes flow; refuse: connections are cut and new ones closed at once; hang: connections are held and nothing flows. */
export type FaultMode = "pass" | "refuse" | "hang";

export interface FaultProxy {
  port: number;
  url(scheme: "http" | "ws"): string;
  mode(): FaultMode;
  setMode(mode: FaultMode): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of one endpoint (a chain's RPC or its WebSocket) that can refuse or hang on
 * command: how the soak cuts a chain off from the zpay processes while payers still reach it.
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let current: FaultMode = "pass";
  const pairs = new Set<{ client: net.Socket; upstream?: net.Socket; held: boolean }>();
  const server = net.createServer((client) => {
    if (current === "refuse") return void client.destroy();
    const pair: { client: net.Socket; upstream?: net.Socket; held: boolean } = { client, held: current === "hang" };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on("error", drop).on("close", drop);
    if (pair.held) return; // held: read nothing, answer nothing
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: (scheme) => `${scheme}://127.0.0.1:${port}`,
    mode: () => current,
    setMode(mode) {
      current = mode;
      for (const pair of [...pairs]) {
        if (mode === "refuse") {
          pair.client.destroy();
          pair.upstream?.destroy();
        } else if (mode === "hang" && !pair.held) {
          pair.held = true;
          pair.client.unpipe();
          pair.upstream?.unpipe();
          pair.client.pause();
          pair.upstream?.pause();
        } else if (mode === "pass" && pair.held) {
          // What was held is lost: the caller's deadline has (or will have) given up on it.
          pair.client.destroy();
          pair.upstream?.destroy();
        }
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
