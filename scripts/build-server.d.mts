/** Types of build-server.mjs for the TypeScript that imports it (the bench, the start test). */
export declare const SERVER_BUILD_DIR: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_EXTERNALS: string[];
export declare function buildServer(entry: string, name: string): Promise<string>;
