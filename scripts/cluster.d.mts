import type { ChildProcess } from "node:child_process";

export interface ClusterApp {
  index: number;
  name: string;
  appUrl: string;
  paymentsUrl: string;
  child: ChildProcess;
  started: Promise<unknown>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  restarts: number;
}

export interface Cluster {
  chainHost: { url: string; settings: Record<string, string>; pid: number | undefined; exited: Promise<unknown> };
  apps: ClusterApp[];
  databaseUrl: string;
  ready(index: number): Promise<ClusterApp>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  size?: number;
  databaseUrl?: string;
  basePort?: number;
  chainHostPort?: number;
  chainHostEnv?: Record<string, string>;
  slotMs?: number;
  restart?: boolean;
  env?: Record<string, string> | ((chainHost: Record<string, string>) => Record<string, string> | Promise<Record<string, string>>);
  onLine?: (name: string, line: string) => void;
}

export function ensureDatabase(url: string): void;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
