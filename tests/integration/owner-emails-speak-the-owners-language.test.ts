// An owner's emails speak the language they chose for their screens (`user.language`), else the one
// their browser got there (`user.browser_language`), else English:
// the new-lead email rendered by the worker, the digest of a surge, the morning summary, and an email
// a member asks for themselves, which may follow the browser of that request.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { sendResetLink } from "~/features/auth/account-emails.server";
import { foldLeadSurges } from "~/features/email/digest.server";
import { smtpTransport } from "~/features/email/transport.server";
import { createEmailWorker, type EmailWorker } from "~/features/email/worker.server";
import { sendDueSummaries } from "~/features/summary/schedule.server";
import * as siteLayout from "~/routes/site-layout";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createScanRows, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { startSmtp } from "../support/smtp-support";
import { visitorSubmits } from "../support/webhook-support";

const APP = "http://localhost:3000";
/** Tuesday 24 November 2026, 08:00 in New York: the daily summary of Monday 23 November is due. */
const NEW_YORK_TUESDAY_8AM = new Date("2026-11-24T13:00:00Z");

async function ownerIn(language: string | null) {
  const owner = await createUser();
  const { db } = await getServices();
  await db.update(schema.user).set({ language }).where(eq(schema.user.id, owner.id));
  return owner;
}

/** A subject as the reader sees it: its MIME encoded words ("=?UTF-8?Q?f=C3=BCr?=") decoded. */
function subjectOf(mail: { subject: string }) {
  return mail.subject.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, words: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(words, "base64").toString("utf8")
      : Buffer.from(
          words.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

async function drain(worker: EmailWorker) {
  while ((await worker.runOnce()) > 0);
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describe("the owner's emails", () => {
  it("tell a German owner of a new lead in German, with German dates; an owner with no language in English", async () => {
    const { db } = await getServices();
    const german = await ownerIn("de");
    const english = await ownerIn(null);
    await db.insert(schema.businessProfile).values({ userId: german.id, name: "Bäckerei", timeZone: "Europe/Berlin" });
    const inGerman = await createCampaignRow(german.id, { title: "Brezel-Aktion", businessType: "Bakery" });
    const inEnglish = await createCampaignRow(english.id, { title: "Croissant Club", businessType: "Bakery" });
    expect(await visitorSubmits(inGerman.id, { name: "Ada", email: "ada@example.com", phone: "+49 30 1234" })).toMatchObject({ ok: true });
    expect(await visitorSubmits(inEnglish.id, { name: "Grace", email: "grace@example.com", phone: "" })).toMatchObject({ ok: true });

    // What the lead's transaction stored is English (no lookup on the lead's path); the worker renders it in the owner's language.
    const [queued] = await db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.campaignId, inGerman.id), eq(schema.emailOutbox.kind, "new_lead")));
    expect(queued).toMatchObject({ subject: "New lead for Brezel-Aktion", html: "" });

    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "LeadQR <hello@leadqr.test>") });
    await drain(worker);
    await worker.stop();

    const [toGerman, ...moreGerman] = smtp.received.filter((mail) => mail.to.includes(german.email) && subjectOf(mail).includes("Brezel"));
    expect(moreGerman).toHaveLength(0);
    expect(subjectOf(toGerman!)).toBe("Neuer Lead für Brezel-Aktion");
    expect(toGerman!.html).toContain('<html lang="de" dir="ltr">');
    expect(toGerman!.html).toContain("Sie haben einen neuen Lead aus Ihrer QR-Kampagne.");
    expect(toGerman!.text).toContain("Kontaktname: Ada");
    expect(toGerman!.text).toContain("Telefon: +49 30 1234");
    expect(toGerman!.text).toContain("Gescannt bei: Code der Kampagne");
    expect(toGerman!.text).toContain("Diesen Lead öffnen: http://localhost:3000/leads/");
    // "24.11.2026, 14:05 (Europe/Berlin)": the day in German order, the clock in 24 hours.
    expect(toGerman!.text).toMatch(/Eingegangen: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} \(Europe\/Berlin\)/);

    const [toEnglish] = smtp.received.filter((mail) => mail.to.includes(english.email) && mail.subject.includes("Croissant"));
    expect(toEnglish!.subject).toBe("New lead for Croissant Club");
    expect(toEnglish!.html).toContain('<html lang="en">');
    expect(toEnglish!.text).toContain("Phone: Not provided");
    expect(toEnglish!.text).toContain("Scanned from: campaign code");
  });

  it("tell an owner who never chose a language of a new lead in the language their browser got on their screens", async () => {
    const { db } = await getServices();
    const owner = await ownerIn(null);
    // The owner's screens, seen from a German phone: the layout keeps the language it got.
    await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie: owner.cookie, headers: { "accept-language": "de-DE,de;q=0.9" } }));
    const campaign = await createCampaignRow(owner.id, { title: "Brötchen-Woche", businessType: "Bakery" });
    expect(await visitorSubmits(campaign.id, { name: "Ada", email: "ada.browser@example.com", phone: "" })).toMatchObject({ ok: true });

    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "LeadQR <hello@leadqr.test>") });
    await drain(worker);
    await worker.stop();
    const mail = smtp.received.find((sent) => sent.to.includes(owner.email) && subjectOf(sent).includes("Brötchen-Woche"));
    expect(subjectOf(mail!)).toBe("Neuer Lead für Brötchen-Woche");
    expect(mail!.text).toContain("Kontaktname: Ada");
  });

  it("fold a German owner's surge into a German digest", async () => {
    const { db } = await getServices();
    const owner = await ownerIn("de");
    const campaign = await createCampaignRow(owner.id, { title: "Brezel-Aktion" });
    for (let index = 0; index < 3; index++) {
      await db.insert(schema.emailOutbox).values({
        kind: "new_lead",
        to: owner.email,
        subject: "New lead for Brezel-Aktion",
        html: "",
        text: "",
        campaignId: campaign.id,
      });
    }
    await foldLeadSurges(db, { now: sql`now()`, appUrl: APP, defaultPerMinute: 1 });
    const [digest] = await db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.campaignId, campaign.id), eq(schema.emailOutbox.kind, "lead_digest")));
    expect(digest!.subject).toMatch(/^2 neue Leads für Brezel-Aktion seit \d{2}:\d{2} UTC$/);
    expect(digest!.text).toContain("Ihre Kampagne Brezel-Aktion hat seit");
  });

  it("give a German owner the morning summary in German, an owner with no language in English", async () => {
    const { db } = await getServices();
    const owners = { de: await ownerIn("de"), en: await ownerIn(null) };
    for (const owner of Object.values(owners)) {
      await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Café", timeZone: "America/New_York" });
      await db.insert(schema.notificationSetting).values({ userId: owner.id, summaryFrequency: "daily" });
      const campaign = await createCampaignRow(owner.id, { title: "Bagel Days" });
      // Monday 23 November in New York: 1,240 scans would take long to seed; two scans and a lead show the words.
      const [first] = await createScanRows(campaign.id, [
        { at: new Date("2026-11-23T15:00:00Z"), visitor: crypto.randomUUID() },
        { at: new Date("2026-11-23T16:00:00Z"), visitor: crypto.randomUUID() },
      ]);
      await createLeadRow(campaign.id, { collectedAt: new Date("2026-11-23T15:01:00Z"), scanId: first });
    }
    await sendDueSummaries(db, { now: NEW_YORK_TUESDAY_8AM, appUrl: APP });
    const summaryTo = async (email: string) => {
      const rows = await db
        .select()
        .from(schema.emailOutbox)
        .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.kind, "owner_summary")));
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };

    const german = await summaryTo(owners.de.email);
    expect(german.subject).toBe("Gestern auf LeadQR: 1 Lead aus 2 Scans");
    expect(german.text.split("\n").slice(0, 3)).toEqual([
      "LeadQR-Bericht für Montag, 23. November 2026 (America/New_York), Veränderungen gegenüber dem Vortag",
      "Alle Kampagnen: 2 Scans (neu), 2 einzelne Besucher (neu), 1 Lead (neu), 0 eingelöst (—), Konversion 50 % (neu)",
      "Bagel Days: 2 Scans (neu), 2 einzelne Besucher (neu), 1 Lead (neu), 0 eingelöst (—), Konversion 50 % (neu)",
    ]);
    expect(german.html).toContain('<html lang="de" dir="ltr">');
    expect(german.html).toContain("Alle Kampagnen");
    expect(german.html).toContain("Einzelne Besucher");
    expect(german.html).toContain("Ihre Übersicht öffnen");
    expect(german.html).toContain("Sie erhalten diesen Bericht, weil Sie ihn eingeschaltet haben.");
    expect(german.text).toContain("Diesen Bericht ändern oder ausschalten: http://localhost:3000/settings/notifications#section-summary");

    const english = await summaryTo(owners.en.email);
    expect(english.subject).toBe("Yesterday on LeadQR: 1 lead from 2 scans");
    expect(english.text.split("\n")[0]).toBe("LeadQR summary for Monday 23 November 2026 (America/New_York), changes against the day before");
    expect(english.html).toContain("Open your dashboard");
  });

  it("send a reset link in the member's language, else in the language of the browser that asked", async () => {
    const { db, env } = await getServices();
    const german = await ownerIn("de");
    const unset = await ownerIn(null);
    await sendResetLink(db, env, { id: german.id, email: german.email }, "t1", "fr-FR,fr;q=0.9");
    await sendResetLink(db, env, { id: unset.id, email: unset.email }, "t2", "fr-FR,fr;q=0.9");
    await sendResetLink(db, env, { id: unset.id, email: unset.email }, "t3", null);
    const subjects = await db
      .select({ to: schema.emailOutbox.to, subject: schema.emailOutbox.subject })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.kind, "reset_password"));
    expect(subjects.filter((row) => row.to === german.email).map((row) => row.subject)).toEqual(["Setzen Sie Ihr LeadQR-Passwort zurück"]);
    expect(subjects.filter((row) => row.to === unset.email).map((row) => row.subject)).toEqual([
      "Réinitialisez votre mot de passe LeadQR",
      "Reset your LeadQR password",
    ]);
  });
});
