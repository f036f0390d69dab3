// The browser's half of a passkey ceremony: options from our route, the authenticator through
// SimpleWebAuthn (which turns WebAuthn's binary fields into JSON and back), the answer to the route.
// Rules: docs/features/accounts-and-billing.md ("Passkeys").
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { enPasskeys } from "~/features/languages/owner/en-passkeys";

export type CeremonyResult = { ok: true; to?: string } | { ok: false; error: string };

/** What the browser's side says itself: English on the sign-in page (signed out), the member's language on their settings. */
export type CeremonyWords = { cancelled: string; tryAgain: string; alreadyOnDevice: string };

const ENGLISH: CeremonyWords = enPasskeys;

async function post(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields), credentials: "same-origin" });
  const isJson = response.headers.get("content-type")?.includes("application/json");
  // A refusal from the edge or the rate limiter is plain text: it is the message to show.
  const body = (isJson ? await response.json() : { error: await response.text() }) as { error?: string; options?: unknown; to?: string };
  return { ok: response.ok, body };
}

/** Why the browser's authenticator gave no answer, in words for the person at the screen. */
function authenticatorRefusal(error: unknown, words: CeremonyWords) {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return words.cancelled;
  if (name === "InvalidStateError") return words.alreadyOnDevice;
  return error instanceof Error && error.message ? error.message : words.cancelled;
}

/**
 * One ceremony: the options from `url`, the authenticator (`ask`), the answer back to `url` with
 * `fields`. Any refusal on the way is the message to show.
 */
async function ceremony<O, A>(
  url: string,
  ask: (options: O) => Promise<A>,
  fields: Record<string, string> = {},
  words: CeremonyWords = ENGLISH,
): Promise<CeremonyResult> {
  const options = await post(url, { intent: "options" });
  if (!options.ok) return { ok: false, error: options.body.error || words.tryAgain };
  let answer: A;
  try {
    answer = await ask(options.body.options as O);
  } catch (error) {
    return { ok: false, error: authenticatorRefusal(error, words) };
  }
  const verified = await post(url, { ...fields, intent: "verify", response: JSON.stringify(answer) });
  if (!verified.ok) return { ok: false, error: verified.body.error || words.tryAgain };
  return { ok: true, to: verified.body.to };
}

/** Signs in with a passkey of this site; `to` is where the signed-in person goes. */
export function signInWithPasskey(url: string) {
  return ceremony(url, (optionsJSON: PublicKeyCredentialRequestOptionsJSON) => startAuthentication({ optionsJSON }));
}

/** Makes a passkey on this device for the signed-in person and stores it under `name`; `words` in their language. */
export function addPasskey(url: string, name: string, words: CeremonyWords) {
  return ceremony(url, (optionsJSON: PublicKeyCredentialCreationOptionsJSON) => startRegistration({ optionsJSON }), { name }, words);
}
