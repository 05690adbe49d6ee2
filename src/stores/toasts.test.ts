import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_AUTO_HIDE_MS, TOAST_CLEANUP_MS } from "@/lib/timings";
import { $toasts, clearToasts, dismissToast, showToast } from "./toasts";

const visibleIds = () => $toasts.get().filter((t) => t.visible).map((t) => t.id);
const storedIds = () => $toasts.get().map((t) => t.id);

describe("toasts store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it("uses the SPEC §9 timings", () => {
    expect(TOAST_AUTO_HIDE_MS).toBe(4000);
    expect(TOAST_CLEANUP_MS).toBe(5000);
  });

  it("shows a toast with its message and variant, auto-closing by default", () => {
    const id = showToast({ message: "Payment Link created successfully", variant: "success" });
    expect($toasts.get()).toEqual([{ id, message: "Payment Link created successfully", variant: "success", autoClose: true, visible: true }]);
  });

  it("hides at 4 s and clears from the store at 5 s", () => {
    const id = showToast({ message: "Saved successfully", variant: "success" });
    vi.advanceTimersByTime(3999);
    expect(visibleIds()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(visibleIds()).toEqual([]);
    expect(storedIds()).toEqual([id]);
    vi.advanceTimersByTime(999);
    expect(storedIds()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it("keeps a toast shown with autoClose false until it is dismissed", () => {
    const id = showToast({ message: "Current logged-in session has expired, please login again", variant: "error", autoClose: false });
    vi.advanceTimersByTime(60_000);
    expect(visibleIds()).toEqual([id]);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });

  it("times each toast from its own start and keeps them in order", () => {
    const first = showToast({ message: "Link copied to clipboard!", variant: "success" });
    vi.advanceTimersByTime(2000);
    const second = showToast({ message: "Failed to copy link.", variant: "error" });
    expect(storedIds()).toEqual([first, second]);
    vi.advanceTimersByTime(2000);
    expect(visibleIds()).toEqual([second]);
    vi.advanceTimersByTime(1000);
    expect(storedIds()).toEqual([second]);
    vi.advanceTimersByTime(2000);
    expect(storedIds()).toEqual([]);
  });

  it("dismisses a toast at once and cancels its timers", () => {
    const id = showToast({ message: "Refund requested", variant: "info" });
    const other = showToast({ message: "Disabled successfully", variant: "success", autoClose: false });
    dismissToast(id);
    expect(storedIds()).toEqual([other]);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(TOAST_CLEANUP_MS);
    expect(storedIds()).toEqual([other]);
  });

  it("gives every toast a distinct id", () => {
    const a = showToast({ message: "a", variant: "info" });
    const b = showToast({ message: "a", variant: "info" });
    expect(a).not.toBe(b);
  });
});
