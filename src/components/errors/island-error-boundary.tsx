import * as React from "react";
import { ApiRequestError } from "@/lib/api-client";
import { ErrorScreen } from "./error-screen";

export interface IslandErrorBoundaryProps {
  children: React.ReactNode;
  /** `div` inside the merchant shell, whose `main` is already there. */
  as?: "main" | "div";
}

/**
 * Catches what an island's screen throws while rendering (a failed request rethrown, or a bug) and
 * shows SPEC §8's error screen in its place, so the merchant never faces a blank island: a failed
 * request with its status and the server's message, anything else as an unexpected error. The
 * shell around it (menu, top bar) keeps working.
 */
export class IslandErrorBoundary extends React.Component<IslandErrorBoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error("unknown error") };
  }

  componentDidCatch(error: unknown): void {
    // The screen says what the merchant needs; the console keeps the trace for whoever debugs it.
    console.error("island error", error);
  }

  render(): React.ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error instanceof ApiRequestError) return <ErrorScreen status={error.status || undefined} message={error.message} as={this.props.as} />;
    return <ErrorScreen unexpected as={this.props.as} />;
  }
}
