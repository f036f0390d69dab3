// The owner's language (docs/features/visitor-languages.md, "The owner's screens"): a signed-in
// member's screens follow their browser until they choose a language in Settings; the choice wins
// over the browser; the document says the language, right to left for Arabic; words the server
// writes for them are in it too.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { documentLanguageOf } from "~/root";
import * as siteLayout from "~/routes/site-layout";
import * as settings from "~/routes/settings";
import * as signInSettings from "~/routes/settings.sign-in";
import * as notifications from "~/routes/settings.notifications";
import { getServices } from "~/utils/services.server";
import { emailLanguageOf } from "~/features/languages/owner/owner-language.server";
import { createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";

const GERMAN_BROWSER = { "accept-language": "de-DE,de;q=0.9,en;q=0.8" };

async function layoutFor(cookie: string | undefined, headers: Record<string, string> = GERMAN_BROWSER) {
  const answer = await callRoute<Awaited<ReturnType<typeof siteLayout.loader>>>(siteLayout.loader, makeRequest("/dashboard", { cookie, headers }));
  return answer.data!;
}

async function storedLanguageOf(userId: string) {
  return (await languagesOf(userId))?.language;
}

async function languagesOf(userId: string) {
  const { db } = await getServices();
  const [row] = await db
    .select({ language: schema.user.language, browserLanguage: schema.user.browserLanguage })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  return row;
}

describe("the owner's language", () => {
  it("follows a German browser until the owner chooses: the header in German, the document lang=de, left to right", async () => {
    const owner = await createUser();
    const layout = await layoutFor(owner.cookie);
    expect(layout.ownerLanguage).toBe("de");
    expect([layout.headerWords.dashboard, layout.headerWords.settings, layout.headerWords.signOut]).toEqual([
      "Übersicht",
      "Einstellungen",
      "Abmelden",
    ]);
    expect(documentLanguageOf([null, layout])).toEqual({ language: "de", dir: "ltr", owner: true });
    expect(await storedLanguageOf(owner.id)).toBeNull();
  });

  it("a language chosen in Settings wins over the browser; Arabic turns the document right to left; choosing the browser again undoes it", async () => {
    const owner = await createUser();
    const chosen = await callRoute(
      settings.action,
      makeRequest("/settings", { cookie: owner.cookie, headers: GERMAN_BROWSER, form: { intent: "language", language: "ar" } }),
    );
    expectRedirect(chosen, "/settings#section-language");
    expect(await storedLanguageOf(owner.id)).toBe("ar");
    const layout = await layoutFor(owner.cookie);
    expect(layout.ownerLanguage).toBe("ar");
    expect(layout.headerWords.dashboard).toBe("لوحة التحكم");
    expect(documentLanguageOf([null, layout])).toEqual({ language: "ar", dir: "rtl", owner: true });

    await callRoute(settings.action, makeRequest("/settings", { cookie: owner.cookie, form: { intent: "language", language: "" } }));
    expect(await storedLanguageOf(owner.id)).toBeNull();
    expect((await layoutFor(owner.cookie)).ownerLanguage).toBe("de");
  });

  it("remembers the language the browser asked for while none is chosen, for the member's emails; a choice wins", async () => {
    const owner = await createUser();
    expect(emailLanguageOf((await languagesOf(owner.id))!)).toBe("en");
    await layoutFor(owner.cookie);
    expect(await languagesOf(owner.id)).toEqual({ language: null, browserLanguage: "de" });
    expect(emailLanguageOf((await languagesOf(owner.id))!)).toBe("de");
    await layoutFor(owner.cookie, { "accept-language": "nl-NL,nl;q=0.9" });
    expect(emailLanguageOf((await languagesOf(owner.id))!)).toBe("nl");

    await callRoute(settings.action, makeRequest("/settings", { cookie: owner.cookie, form: { intent: "language", language: "ar" } }));
    await layoutFor(owner.cookie);
    expect(await languagesOf(owner.id)).toEqual({ language: "ar", browserLanguage: "nl" });
    expect(emailLanguageOf((await languagesOf(owner.id))!)).toBe("ar");
  });

  it("refuses a language the owner's screens do not speak, and keeps the choice they had", async () => {
    const owner = await createUser();
    await callRoute(settings.action, makeRequest("/settings", { cookie: owner.cookie, form: { intent: "language", language: "de" } }));
    const refused = await callRoute(
      settings.action,
      makeRequest("/settings", { cookie: owner.cookie, form: { intent: "language", language: "xx" } }),
    );
    expect(refused.status).toBe(400);
    expect(await storedLanguageOf(owner.id)).toBe("de");
  });

  it("a browser in a language without an owner catalogue gets English, and a page signed out stays English whatever the browser", async () => {
    const owner = await createUser();
    expect((await layoutFor(owner.cookie, { "accept-language": "ja-JP,ja;q=0.9" })).ownerLanguage).toBe("en");
    const signedOut = await layoutFor(undefined);
    expect(signedOut.ownerLanguage).toBe("en");
    expect(signedOut.headerWords.signIn).toBe("Sign In");
    expect(documentLanguageOf([null, signedOut])).toEqual({ language: "en", dir: "ltr", owner: true });
  });

  it("a team member, staff included, chooses the language of their own screens under Sign-in and passkeys", async () => {
    const { db } = await getServices();
    const owner = await createUser();
    const staff = await createUser();
    await db.insert(schema.businessMember).values({ businessId: owner.id, userId: staff.id, role: "staff", invitedBy: owner.id });
    const chosen = await callRoute(
      signInSettings.action,
      makeRequest("/settings/sign-in", { cookie: staff.cookie, headers: GERMAN_BROWSER, form: { intent: "language", language: "nl" } }),
    );
    expectRedirect(chosen, "/settings/sign-in#section-language");
    expect(await storedLanguageOf(staff.id)).toBe("nl");
    expect((await layoutFor(staff.cookie)).ownerLanguage).toBe("nl");
    expect((await layoutFor(owner.cookie)).ownerLanguage).toBe("de");
  });

  it("a message the server writes for the owner is in their language", async () => {
    const owner = await createUser();
    const saved = await callRoute<{ message: string }>(
      notifications.action,
      makeRequest("/settings/notifications", { cookie: owner.cookie, headers: GERMAN_BROWSER, form: { intent: "summary", summaryFrequency: "off" } }),
    );
    expect(saved.data?.message).toBe("Berichtseinstellungen gespeichert");
  });

  it("a visitor's page keeps its own language under any owner's", () => {
    expect(documentLanguageOf([{ ownerLanguage: "de" }, { locale: { language: "es" } }])).toEqual({ language: "es", dir: "ltr", owner: false });
  });
});
