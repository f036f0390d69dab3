// The signed-in member's language on the server: every owner catalogue in memory, and the rule
// that picks one per request (their choice in Settings, else their browser's, else English).
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { user as userTable } from "~/db/schema";
import { acceptedLanguageOf } from "../choose-language.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../languages";
import ar from "./ar/index";
import de from "./de/index";
import es from "./es/index";
import fr from "./fr/index";
import it from "./it/index";
import nl from "./nl/index";
import pt from "./pt/index";
import { OWNER_LANGUAGES } from "./owner-catalogues";
import { addOwnerCatalogue, type OwnerCatalogue } from "./owner-language";

/** The same languages as the browser's chunks (a test keeps them equal). */
export const SERVER_OWNER_CATALOGUES: Partial<Record<Language, OwnerCatalogue>> = { es, fr, de, pt, it, nl, ar };

for (const [language, messages] of Object.entries(SERVER_OWNER_CATALOGUES)) addOwnerCatalogue(language as Language, messages);

/**
 * A signed-in member's language: their choice in Settings when the owner's screens speak it, else
 * their browser's best match (`Accept-Language`), else English. A page signed out stays English.
 */
export function ownerLanguageFor(user: { language: string | null } | null, acceptLanguage: string | null): Language {
  if (!user) return DEFAULT_LANGUAGE;
  if (isLanguage(user.language) && OWNER_LANGUAGES.includes(user.language)) return user.language;
  return acceptedLanguageOf(acceptLanguage, OWNER_LANGUAGES) ?? DEFAULT_LANGUAGE;
}

/** Settings → Language's choice: a language the owner's screens speak, null for "As my browser", undefined when refused. */
export function ownerLanguageChoice(value: string | undefined): Language | null | undefined {
  if (!value) return null;
  return isLanguage(value) && OWNER_LANGUAGES.includes(value) ? value : undefined;
}

/**
 * Keeps the language a member's browser asks for while they have not chosen one, so what is sent
 * with no browser there (their emails) speaks it too. Writes only when it changed.
 */
export async function rememberBrowserLanguage(
  db: Database,
  user: { id: string; language: string | null; browserLanguage: string | null },
  shown: Language,
) {
  if (user.language || user.browserLanguage === shown) return;
  await db
    .update(userTable)
    .set({ browserLanguage: shown })
    .where(and(eq(userTable.id, user.id), isNull(userTable.language)));
}

/** The language of an email to a member: their choice, else their browser's last, else English. */
export function emailLanguageOf(user: { language: string | null; browserLanguage: string | null }): Language {
  for (const language of [user.language, user.browserLanguage]) if (isLanguage(language) && OWNER_LANGUAGES.includes(language)) return language;
  return DEFAULT_LANGUAGE;
}
