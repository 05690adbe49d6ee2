import { describe, expect, it } from "vitest";
import { ShellMarkerMissingError, fillShell, shellBrand, shellMarker } from "./page-shell";

const SHELL = `<!doctype html><html lang="en" data-brand="Acme"><head><!--zpay:title-->\n    <title>Pay - Acme</title></head><body><div id="root"><!--zpay:body--></div></body></html>`;

describe("fillShell", () => {
  it("puts in the language, the escaped title and each slot's content as is", () => {
    const html = fillShell(SHELL, { lang: "fr", title: "A <b> & co", slots: { body: "<p>$& $1 ok</p>" } });
    expect(html).toBe(`<!doctype html><html lang="fr" data-brand="Acme"><head><title>A &lt;b&gt; &amp; co</title></head><body><div id="root"><p>$& $1 ok</p></div></body></html>`);
  });

  it("finds lang after other attributes of <html>", () => {
    expect(fillShell(`<html data-x="1" lang="en"><!--zpay:title--><title>x</title>`, { lang: "fr", title: "y", slots: {} })).toBe(`<html data-x="1" lang="fr"><title>y</title>`);
  });

  it("refuses a shell without a marker it must fill, naming it", () => {
    const fill = { lang: "fr", title: "t", slots: { body: "b" } };
    expect(() => fillShell(SHELL.replace(shellMarker("body"), ""), fill)).toThrow(new ShellMarkerMissingError("body"));
    expect(() => fillShell(SHELL.replace(shellMarker("title"), ""), fill)).toThrow(ShellMarkerMissingError);
    expect(() => fillShell(SHELL.replace(' lang="en"', ""), fill)).toThrow(ShellMarkerMissingError);
  });

  it("reads the brand the shell was built with", () => {
    expect(shellBrand(SHELL, "zPay")).toBe("Acme");
    expect(shellBrand("<html>", "zPay")).toBe("zPay");
  });
});
