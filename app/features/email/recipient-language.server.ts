// The language of an email to an owner or member: theirs (`user.language`, when the owner's screens
// speak it), else English — an email sent later has no browser to ask. An email sent during the
// recipient's own request may take `ownerLanguageFor(user, accept-language)` instead.
// Importing this registers every owner catalogue (owner-language.server.ts) in the process that renders.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import type { Language } from "~/features/languages/languages";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";

export { ownerLanguageFor };

/** The member's chosen language for an email, else English. */
export function recipientLanguage(language: string | null | undefined): Language {
  return ownerLanguageFor({ language: language ?? null }, null);
}
