/**
 * The mode the running server is in. The server tells the page (`GET /api/session`): a page built
 * for sandbox may be served by a production server, and only the server knows which it is.
 */
export const SERVER_MODES = ["sandbox", "production"] as const;
export type ServerMode = (typeof SERVER_MODES)[number];

export function isServerMode(value: unknown): value is ServerMode {
  return typeof value === "string" && (SERVER_MODES as readonly string[]).includes(value);
}

/** Whether the page should act as production: the server's word when known, else the build's. */
export function actsAsProduction(serverMode: ServerMode | "" | null | undefined, builtForProduction: boolean): boolean {
  return serverMode ? serverMode === "production" : builtForProduction;
}
