import { Buffer } from "buffer";

// web3.js and the wallet adapters expect Node's Buffer; import this module before them.
globalThis.Buffer ??= Buffer;
