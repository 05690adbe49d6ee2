export const CHROMATIC_ARGS: string[];
export function chromaticBinary(): { version: string; path: string };
export function chromaticCommand(env: Record<string, string | undefined>, extra?: string[]): { command: string; args: string[] } | null;
