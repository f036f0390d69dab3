import { z } from "zod";

// Rules: docs/features/accounts-and-billing.md ("Passkeys").
export const PASSKEY_NAME_MAX = 60;

export type AddPasskeyRefusal = "stale_session" | "failed";

/** Whether this browser has WebAuthn (what SimpleWebAuthn's own check asks), without loading it. */
export function supportsPasskeys() {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** A passkey's name: what the person typed, else the device it was added on (the server fills that in). */
export const PasskeyNameSchema = z.object({
  name: z.string().trim().max(PASSKEY_NAME_MAX, `Name must be at most ${PASSKEY_NAME_MAX} characters`).default(""),
});

export const PasskeyRemoveSchema = z.object({ passkeyId: z.string().trim().min(1, "Choose a passkey").max(100) });

/** What the browser posts back from `navigator.credentials`: JSON of a WebAuthn credential, bounded. */
export const CeremonyAnswerSchema = z.object({
  response: z
    .string()
    .max(16_000)
    .transform((text, context) => {
      try {
        const parsed: unknown = JSON.parse(text);
        // The credential's id is how the passkey is found: an answer without one is no answer.
        const id = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as { id?: unknown }).id : undefined;
        if (typeof id === "string" && id.length > 0 && id.length <= 1024) return parsed as Record<string, unknown>;
      } catch {
        // Reported below.
      }
      context.addIssue({ code: "custom", message: "Not a passkey answer" });
      return z.NEVER;
    }),
});
