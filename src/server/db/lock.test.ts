import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A process that is surely alive and not us: a sleeping child. */
function aliveChild() {
  return spawn(process.execPath, ["-e", "setTimeout(()=>{}, 30000)"], { stdio: "ignore" });
}

describe("lockDataDir", () => {
  it("writes our pid and removes the lock on release", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "zpay.lock"), "utf8")).toBe(String(process.pid));
    release();
    release(); // idempotent
    expect(fs.existsSync(path.join(dir, "zpay.lock"))).toBe(false);
  });

  it("refuses a directory held by another live process, with a clear message", () => {
    const dir = tempDir();
    const child = aliveChild();
    try {
      fs.writeFileSync(path.join(dir, "zpay.lock"), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/already in use by another zpay process \(pid \d+\)/);
    } finally {
      child.kill();
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = tempDir();
    const child = aliveChild();
    const pid = child.pid!;
    child.kill();
    await new Promise((r) => child.once("exit", r));
    fs.writeFileSync(path.join(dir, "zpay.lock"), String(pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "zpay.lock"), "utf8")).toBe(String(process.pid));
    release();
  });
});
