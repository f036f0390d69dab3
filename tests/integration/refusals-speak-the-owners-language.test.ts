// The domain's refusals on the owner's screens are in the owner's language (docs/features/visitor-languages.md,
// "The owner's screens"): a German browser, or German chosen in Settings, reads them in German from
// every feature, while the REST API answers the same refusal in English.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { createApiKey, MAX_API_KEYS_PER_USER } from "~/features/integrations/api-keys.server";
import { refused, refusalIn, words, wordsIn } from "~/features/languages/owner/refusals";
import { parsePrintOptions } from "~/features/print/print.server";
import * as domains from "~/routes/settings.domains";
import * as qrCode from "~/routes/qr-code";
import * as integrations from "~/routes/settings.integrations";
import * as notifications from "~/routes/settings.notifications";
import * as settings from "~/routes/settings";
import * as sync from "~/routes/settings.integrations.sync";
import { DomainError } from "~/utils/domain-error";
import { RATE_LIMITED_MESSAGE } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { api } from "../support/api-support";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

const GERMAN_BROWSER = { "accept-language": "de-DE,de;q=0.9,en;q=0.8" };

type Answer = { status: number; data: { error?: string; fieldErrors?: Record<string, string> } };

async function postAs(
  action: (args: never) => unknown,
  path: string,
  cookie: string,
  form: Record<string, string>,
  headers: Record<string, string> = GERMAN_BROWSER,
) {
  return (await callRoute(action as never, makeRequest(path, { cookie, headers, form }))) as Answer;
}

describe("refusals in the owner's language", () => {
  it("a German browser reads the refusals of domains, webhooks, API keys, alerts and sync in German", async () => {
    const free = await createUser();
    const planRequired = await postAs(domains.action, "/settings/domains", free.cookie, { intent: "add", hostname: "go.cafe.test" });
    expect(planRequired.status).toBe(403);
    expect(planRequired.data.error).toBe("Eine eigene Domain gehört zu Pro und Enterprise. Upgraden Sie, um sie zu nutzen.");

    const owner = await createUser({ isPro: true });
    const bare = await postAs(domains.action, "/settings/domains", owner.cookie, { intent: "add", hostname: "mycafe.com" });
    expect(bare.data.fieldErrors?.hostname).toBe(
      "Verwenden Sie eine Subdomain, etwa go.mycafe.com. Eine reine Domain wie mycafe.com kann nicht auf uns zeigen, ohne ihre anderen Einträge zu stören, etwa Ihre E-Mail.",
    );

    const endpoint = await postAs(integrations.action, "/settings/integrations", owner.cookie, {
      intent: "createEndpoint",
      url: "http://example.com/hook",
      events: "lead.created",
    });
    expect(endpoint.data.fieldErrors?.url).toBe("Die URL muss mit https:// beginnen");

    const { db } = await getServices();
    for (let i = 0; i < MAX_API_KEYS_PER_USER; i++) await createApiKey(db, { userId: owner.id, name: `Key ${i}` });
    const key = await postAs(integrations.action, "/settings/integrations", owner.cookie, { intent: "createKey", name: "One too many" });
    expect(key.status).toBe(409);
    expect(key.data.error).toBe(`Sie können höchstens ${MAX_API_KEYS_PER_USER} aktive API-Schlüssel haben.`);

    const quiet = await postAs(notifications.action, "/settings/notifications", owner.cookie, { intent: "quiet", from: "22:00", until: "22:00" });
    expect(quiet.data.error).toBe("Ruhezeiten müssen zu unterschiedlichen Zeiten beginnen und enden.");

    const campaign = await postAs(sync.action, "/settings/integrations/sync", owner.cookie, {
      intent: "campaign",
      provider: "mailchimp",
      campaignId: "not-a-campaign",
      on: "yes",
    });
    expect(campaign.status).toBe(404);
    expect(campaign.data.error).toBe("Diese Kampagne gibt es nicht.");
  });

  it("the same pages' answers are in German too: quiet hours, API keys revoked, an unknown action, the Pro-only refusal", async () => {
    const owner = await createUser({ isPro: true });
    const quiet = await postAs(notifications.action, "/settings/notifications", owner.cookie, { intent: "quiet", from: "22:00", until: "07:00" });
    expect((quiet.data as { message?: string }).message).toBe("Ruhezeiten gespeichert.");
    const { db } = await getServices();
    await createApiKey(db, { userId: owner.id, name: "One" });
    await createApiKey(db, { userId: owner.id, name: "Two" });
    const revoked = await postAs(integrations.action, "/settings/integrations", owner.cookie, { intent: "revokeAllKeys", confirm: "yes" });
    expect((revoked.data as { message?: string }).message).toBe("2 API-Schlüssel widerrufen.");
    const unnamed = await postAs(integrations.action, "/settings/integrations", owner.cookie, { intent: "createKey", name: "  " });
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.data)).toContain("Benennen Sie den Schlüssel, z. B. Zapier");
    const wrongPassword = await postAs(settings.action, "/settings", owner.cookie, {
      intent: "profile",
      email: "someone-else@example.com",
      currentPassword: "not-my-password",
    });
    expect(wrongPassword.data.fieldErrors?.currentPassword).toBe("Das aktuelle Passwort ist falsch");
    const notDeleted = await postAs(settings.action, "/settings", owner.cookie, { intent: "delete", confirmation: "delete" });
    expect(notDeleted.status).toBe(400);
    expect(JSON.stringify(notDeleted.data)).toContain("Geben Sie zur Bestätigung DELETE ein.");
    const unknown = await postAs(domains.action, "/settings/domains", owner.cookie, { intent: "nonsense" });
    expect(unknown.data.error).toBe("Unbekannte Aktion");

    const free = await createUser();
    const proOnly = await postAs(sync.action, "/settings/integrations/sync", free.cookie, { intent: "backfill", provider: "mailchimp" });
    expect(proOnly.status).toBe(403);
    expect(proOnly.data.error).toBe("Integrationen gehören zu LeadQR Pro. Upgraden Sie, um Webhooks zu verbinden und die API zu nutzen.");
  });

  it("a download's refusal is German plain text for a German owner, English for an English browser", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id, { title: "Café" });
    const download = async (headers: Record<string, string>) => {
      const answer = await callRoute(qrCode.loader, makeRequest(`/campaigns/${id}/qr.png?size=7`, { cookie: owner.cookie, headers }), {
        campaignId: id,
      });
      return { status: answer.response!.status, text: await answer.response!.text() };
    };
    expect(await download(GERMAN_BROWSER)).toEqual({
      status: 400,
      text: expect.stringMatching(/^Die Größe muss eine ganze Zahl von Pixeln zwischen \d+ und \d+ sein, zum Beispiel \?size=2000\.$/),
    });
    expect((await download({ "accept-language": "en" })).text).toMatch(/^The size must be a whole number of pixels from \d+ to \d+/);
  });

  it("German chosen in Settings wins over an English browser; an English browser without a choice reads English", async () => {
    const owner = await createUser({ isPro: true });
    const english = { "accept-language": "en-US,en;q=0.9" };
    const hostname = { intent: "add", hostname: "10.0.0.1" };
    expect((await postAs(domains.action, "/settings/domains", owner.cookie, hostname, english)).data.fieldErrors?.hostname).toBe(
      "Use a domain name, not an IP address.",
    );
    const { db } = await getServices();
    await db.update(schema.user).set({ language: "de" }).where(eq(schema.user.id, owner.id));
    expect((await postAs(domains.action, "/settings/domains", owner.cookie, hostname, english)).data.fieldErrors?.hostname).toBe(
      "Verwenden Sie einen Domainnamen, keine IP-Adresse.",
    );
  });

  it("the REST API answers the same refusal in English, whatever the caller's language", async () => {
    const owner = await createUser({ isPro: true });
    const { db } = await getServices();
    await db.update(schema.user).set({ language: "de" }).where(eq(schema.user.id, owner.id));
    const { key } = await createApiKey(db, { userId: owner.id, name: "Zapier" });
    const answer = await api("POST", "/hooks", {
      key,
      headers: GERMAN_BROWSER,
      body: { target_url: "http://example.com/zap", event: "lead.created" },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ detail: "The URL must start with https://" });
  });

  it("a refusal's English message is its words in English; a refusal without words reads its message in every language", () => {
    const limited = refused("api_key_limit", "integrations.apiKeyLimit", { max: 20 });
    expect(limited.message).toBe("You can have at most 20 active API keys.");
    expect(refusalIn(limited, "en")).toBe(limited.message);
    expect(refusalIn(limited, "fr")).toBe("Vous pouvez avoir au plus 20 clés d'API actives.");
    const nested = refused("sheet_link_invalid", "sync.sheetLink", { problem: words("sync.sheetPaste") });
    expect(nested.message).toBe("That is not a Google Sheets link: paste the sheet's link from your browser's address bar, or its ID.");
    expect(refusalIn(nested, "de")).toBe(
      "Das ist kein Google-Sheets-Link: Fügen Sie den Link der Tabelle aus der Adressleiste Ihres Browsers ein oder ihre ID.",
    );
    expect(refusalIn(new DomainError("not_found", "Campaign not found"), "de")).toBe("Campaign not found");
    const printRefusal = (() => {
      try {
        parsePrintOptions({ format: "billboard" });
      } catch (error) {
        return error as DomainError;
      }
    })()!;
    expect(printRefusal.message).toBe("Unknown format. Choose poster, flyer, tent or sticker.");
    expect(refusalIn(printRefusal, "de")).toBe("Unbekanntes Format. Wählen Sie poster, flyer, tent oder sticker.");
    // @ts-expect-error -- a key that is not in the English refusals catalogue fails tsc
    expect(() => refused("not_found", "domains.noSuchKey")).not.toThrow();
    // @ts-expect-error -- words given to a DomainError directly are held to the same keys
    expect(new DomainError("not_found", "Gone", { words: { key: "noSuchKey" } }).words).toEqual({ key: "noSuchKey" });
    expect(wordsIn(words("rateLimited"))).toBe(RATE_LIMITED_MESSAGE);
    expect(refusalIn(new DomainError("rate_limited", RATE_LIMITED_MESSAGE, { words: words("rateLimited") }), "ar")).toBe(
      "محاولات كثيرة جدًا. انتظر لحظة ثم حاول مرة أخرى.",
    );
  });
});
