/* Types for the Slack stand-in (plain JS so the e2e server can load it). */
export type SlackHookState = "ok" | "removed" | "revoked" | "archived" | "throttled";
export function startSlackStandIn(): Promise<{
  origin: string;
  add(): string;
  messages(url: string): Array<{ text: string; at: number }>;
  setState(url: string, state: SlackHookState): void;
  close(): Promise<void>;
}>;
