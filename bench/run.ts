import { benchHttp } from "./http";

/** `npm run bench`: prints figures; asserts nothing (tests never assert on wall-clock time). */
console.log(`zpay bench on ${process.version}, ${(await import("node:os")).cpus().length} cores`);
const http = await benchHttp();
console.log("\nHTTP (autocannon, req/s and latency in ms)");
console.table(http.map((r) => ({ backend: r.backend, route: r.route, "req/s": r.reqPerSec, p50: r.p50, p99: r.p99, errors: r.errors })));
process.exit(0);
