import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server's rooms depend one way: modules → families → jobs → payments → chains → db (and src/lib
 * under all; `families/` holds each chain family's port, whose leader work uses jobs/). A lower room importing a higher one is a cycle waiting to happen; this test names each.
 * Inside `modules/`, a module is entered through its `index.ts` only, and no two modules need
 * each other (directly or round a longer loop). Imports are read both relative and as
 * `@/server/…`. Tests themselves may reach into a module to set up what they check.
 */
const ROOT = path.resolve("src/server");
const MODULES = path.join(ROOT, "modules");
const RANK: Record<string, number> = { db: 0, chains: 1, payments: 2, jobs: 3, families: 3.5, modules: 4 };

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every module specifier a file names: `from "x"`, `import "x"` and `import("x")`. */
const importsOf = (file: string) =>
  [...fs.readFileSync(file, "utf8").matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)"([^"]+)"/g)].map((m) => m[1]!);

/** Where a specifier points inside src/server (absolute, extension as written), or undefined for packages and src/lib. */
function serverTarget(file: string, spec: string): string | undefined {
  if (spec.startsWith(".")) return path.resolve(path.dirname(file), spec);
  if (spec.startsWith("@/server/")) return path.resolve("src", spec.slice(2));
  return undefined;
}

/** The module a path belongs to (`modules/<name>/…`), undefined outside one. */
function moduleOf(abs: string): string | undefined {
  const rel = path.relative(MODULES, abs);
  return rel === "" || rel.startsWith("..") ? undefined : rel.split(path.sep)[0];
}

/** True when the target is a module's public entrance: `modules/<name>` or `modules/<name>/index`. */
const isEntrance = (abs: string) => {
  const parts = path.relative(MODULES, abs).replace(/\.tsx?$/, "").split(path.sep);
  return parts.length === 1 || (parts.length === 2 && parts[1] === "index");
};

interface Edge {
  /** The importing file, relative to src/server. */
  file: string;
  spec: string;
  /** The importing file's module (undefined outside modules/). */
  from: string | undefined;
  to: string;
  /** Where the specifier points. */
  target: string;
}

/** Every import of src/server (tests aside) that lands in a module. */
function moduleImports(): Edge[] {
  return sources(ROOT).flatMap((file) =>
    importsOf(file).flatMap((spec) => {
      const target = serverTarget(file, spec);
      const to = target && moduleOf(target);
      return to ? [{ file: path.relative(ROOT, file), spec, from: moduleOf(file), to, target: target! }] : [];
    }),
  );
}

/** Strongly connected components of more than one module (Tarjan), each sorted. */
function moduleCycles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) if (e.from && e.from !== e.to) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("server layering", () => {
  it("never imports a higher room from a lower one (modules → families → jobs → payments → chains → db)", () => {
    const upward: string[] = [];
    for (const [room, rank] of Object.entries(RANK)) {
      for (const file of sources(path.join(ROOT, room))) {
        for (const spec of importsOf(file)) {
          const target = serverTarget(file, spec);
          if (!target) continue;
          const targetRoom = path.relative(ROOT, target).split(path.sep)[0]!;
          if (targetRoom in RANK && RANK[targetRoom]! > rank) upward.push(`${path.relative(ROOT, file)} → ${spec}`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  // Spelt in two halves so this file does not itself match the grep for the two spellings.
  const NAMES_A_FAMILY = new RegExp(["family === " + '"evm"', "isEvm" + "Chain"].join("|"));

  it("names a chain family only in its own folders: generic code asks the family's port", () => {
    // chains/solana and chains/evm hold one family's verbs; chains/families and families/ its port.
    const own = ["chains/solana", "chains/evm", "chains/families", "families"].map((d) => path.join(ROOT, d) + path.sep);
    const branching = sources(ROOT)
      .filter((file) => !own.some((d) => file.startsWith(d)))
      .filter((file) => NAMES_A_FAMILY.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(ROOT, file));
    expect(branching).toEqual([]);
  });

  it("lets only the entry point reach the sandbox: the rooms (db … modules) get local networks and the swap maker handed in", () => {
    const rooms = Object.keys(RANK).map((room) => path.join(ROOT, room) + path.sep);
    const reaching = sources(ROOT)
      .filter((file) => rooms.some((r) => file.startsWith(r)) && !file.includes(`${path.sep}testing${path.sep}`))
      .flatMap((file) => importsOf(file).filter((spec) => spec.startsWith("@/sandbox") || /(^|\/)sandbox\/(solana|evm|chain-host|local-networks)/.test(spec) && !spec.includes("modules/sandbox")).map((spec) => `${path.relative(ROOT, file)} → ${spec}`));
    expect(reaching).toEqual([]);
  });

  it("enters another module only through its index.ts", () => {
    const reachIns = moduleImports()
      .filter((e) => e.from !== e.to && !isEntrance(e.target))
      .map((e) => `${e.file} → ${e.spec}`);
    expect(reachIns).toEqual([]);
  });

  it("has no cycle between modules", () => {
    const edges = moduleImports();
    const cycles = moduleCycles(edges).map((component) => ({
      modules: component.join(" ⇄ "),
      imports: edges.filter((e) => e.from && e.from !== e.to && component.includes(e.from) && component.includes(e.to)).map((e) => `${e.file} → ${e.spec}`),
    }));
    expect(cycles).toEqual([]);
  });

  it("keeps src/lib free of server code (it runs in the browser too)", () => {
    const lib = path.resolve("src/lib");
    const leaks = sources(lib).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.includes("/server/") || spec.startsWith("@/server") || spec.startsWith("node:"))
        .map((spec) => `${path.relative(lib, file)} → ${spec}`),
    );
    expect(leaks).toEqual([]);
  });
});

describe("the architecture checks themselves", () => {
  it("find a cycle round three modules and none in a chain", () => {
    const edge = (from: string, to: string): Edge => ({ file: `${from}.ts`, spec: to, from, to, target: to });
    expect(moduleCycles([edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("c", "d")])).toEqual([["a", "b", "c"]]);
    expect(moduleCycles([edge("a", "b"), edge("b", "c")])).toEqual([]);
  });

  it("tell a module's entrance from a reach-in", () => {
    expect(isEntrance(path.join(MODULES, "pay"))).toBe(true);
    expect(isEntrance(path.join(MODULES, "pay", "index"))).toBe(true);
    expect(isEntrance(path.join(MODULES, "pay", "payables"))).toBe(false);
    expect(serverTarget(path.join(ROOT, "app.ts"), "@/server/modules/pay/start")).toBe(path.join(MODULES, "pay", "start"));
  });
});
