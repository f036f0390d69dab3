// The language of an email to an owner or member: theirs (`user.language`, when the owner's screens
// speak it), else the one their browser last got, else English — an email sent later has no browser to ask. An email sent during the
// recipient's own request may take `ownerLanguageFor(user, accept-language)` instead.
// Importing this registers every owner catalogue (owner-language.server.ts) in the process that renders.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { sql } from "drizzle-orm";
import { user } from "~/db/schema";
import type { Language } from "~/features/languages/languages";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";

export { ownerLanguageFor };

/** The language `emailLanguageColumn` read (chosen, else their browser's), when the owner's screens speak it; else English. */
export function recipientLanguage(language: string | null | undefined): Language {
  return ownerLanguageFor({ language: language ?? null }, null);
}

/**
 * The recipient's language as a query reads it for `recipientLanguage`: their choice, else the one
 * their browser last got (`user.browser_language`, owner-language.server.ts `rememberBrowserLanguage`).
 */
export const emailLanguageColumn = sql<string | null>`coalesce(${user.language}, ${user.browserLanguage})`;
