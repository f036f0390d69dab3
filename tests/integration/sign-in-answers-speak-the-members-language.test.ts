// The answers the sign-in screens' actions write for a signed-in member are in the member's
// language (docs/features/visitor-languages.md, "The owner's screens"): removing a passkey, adding
// one without a fresh sign-in, asking again for the confirmation link, the banner that asks for it
// and the way back. A page signed out stays English.
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as siteLayout from "~/routes/site-layout";
import * as signInSettings from "~/routes/settings.sign-in";
import * as addPasskeyRoute from "~/routes/settings.sign-in.passkey";
import * as verifyEmail from "~/routes/verify-email";
import { getServices } from "~/utils/services.server";
import { eq } from "drizzle-orm";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { insertPasskey } from "../support/row-factories";

const GERMAN_BROWSER = { "accept-language": "de-DE,de;q=0.9,en;q=0.8" };

describe("the sign-in screens' answers to a German member", () => {
  it("remove a passkey, and refuse one already removed, in German; the way back is German too", async () => {
    const member = await createUser();
    const passkey = await insertPasskey((await getServices()).db, { userId: member.id, name: "Kassen-Tablet" });
    const remove = () =>
      callRoute<{ message?: string; error?: string }>(
        signInSettings.action,
        makeRequest("/settings/sign-in", { cookie: member.cookie, headers: GERMAN_BROWSER, form: { intent: "remove", passkeyId: passkey.id } }),
      );
    expect((await remove()).data).toEqual({ message: "Passkey entfernt." });
    const again = await remove();
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ error: "Dieser Passkey wurde bereits entfernt." });
    const page = await callRoute(signInSettings.loader, makeRequest("/settings/sign-in", { cookie: member.cookie, headers: GERMAN_BROWSER }));
    expect(page.data.back).toEqual({ to: "/settings", label: "Zurück zu den Einstellungen" });
  });

  it("ask for a fresh sign-in before a passkey is added, in the language the member chose", async () => {
    const member = await createUser();
    const { db } = await getServices();
    await db.update(schema.user).set({ language: "fr" }).where(eq(schema.user.id, member.id));
    await db
      .update(schema.session)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(schema.session.userId, member.id));
    const options = await callRoute(
      addPasskeyRoute.action,
      makeRequest("/settings/sign-in/passkey", { cookie: member.cookie, headers: GERMAN_BROWSER, form: { intent: "options" } }),
    );
    expect(options.status).toBe(403);
    expect(await options.response!.json()).toEqual({
      error: "Par sécurité, déconnectez-vous puis reconnectez-vous (dans la dernière journée) avant d'ajouter une clé d'accès.",
    });
  });

  it("show the confirmation banner and its answer in German, and the banner in English to an English browser", async () => {
    const unverified = await createUser({ verified: false });
    const layout = await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie: unverified.cookie, headers: GERMAN_BROWSER }));
    expect(layout.data.verifyWords).toMatchObject({ label: "Bestätigen Sie Ihre E-Mail-Adresse", resend: "Link erneut senden" });
    const english = await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie: unverified.cookie }));
    expect(english.data.verifyWords).toMatchObject({ label: "Confirm your email address", resend: "Resend link" });

    const verified = await createUser();
    const resent = await callRoute<{ error?: string }>(
      verifyEmail.action,
      makeRequest("/verify-email", { cookie: verified.cookie, headers: GERMAN_BROWSER, form: { intent: "resend" } }),
    );
    expect(resent.data).toEqual({ error: "Ihre E-Mail-Adresse ist bereits bestätigt." });
    expect((await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie: verified.cookie }))).data.verifyWords).toBeNull();
  });
});
