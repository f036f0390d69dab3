// Settings → Team and Locations, the hand-over and the join page in the signed-in member's language
// (docs/features/visitor-languages.md, "The owner's screens"): what the actions and the team's
// server answer (notices, refusals, the form's checks) follows their browser; signed out stays English.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { setCampaignLocations } from "~/features/team/campaign-locations.server";
import { getServices } from "~/utils/services.server";
import { callRoute, makeRequest } from "../support/http";
import { createCampaignRow, createUser } from "../support/factories";

const GERMAN_BROWSER = { "accept-language": "de-DE,de;q=0.9,en;q=0.8" };

const locations = () => import("~/routes/settings.locations");
const team = () => import("~/routes/settings.team");
const handover = () => import("~/routes/team-handover");
const join = () => import("~/routes/team-join");

async function post(module: Promise<{ action: Parameters<typeof callRoute>[0] }>, path: string, cookie: string, form: Record<string, string>) {
  const { action } = await module;
  return callRoute(action, makeRequest(path, { cookie, form, headers: GERMAN_BROWSER }));
}

describe("the team's screens for a German member", () => {
  it("Locations: added, refused by the form and by the server, and by the plan, all in German", async () => {
    const owner = await createUser({ isPro: true });
    const added = await post(locations(), "/settings/locations", owner.cookie, { intent: "add", name: "Hafen", address: "", timeZone: "" });
    expect(added.data.message).toBe("Hafen hinzugefügt.");
    const taken = await post(locations(), "/settings/locations", owner.cookie, { intent: "add", name: "HAFEN" });
    expect(taken.data.fieldErrors.name).toBe("Sie haben bereits einen Standort mit diesem Namen");
    const empty = await post(locations(), "/settings/locations", owner.cookie, { intent: "add", name: "  " });
    expect(empty.data.fieldErrors.name).toBe("Bitte geben Sie dem Standort einen Namen");
    const long = await post(locations(), "/settings/locations", owner.cookie, { intent: "add", name: "x".repeat(61) });
    expect(long.data.fieldErrors.name).toBe("Standortnamen haben höchstens 60 Zeichen");

    const free = await createUser();
    const refused = await post(locations(), "/settings/locations", free.cookie, { intent: "add", name: "Hafen" });
    expect(refused.data.error).toBe("Standorte und ein Team gehören zu Pro und Enterprise. Wechseln Sie den Tarif, um sie zu nutzen.");
  });

  it("Team: the invitation's notice and refusals, and the hand-over's, in German", async () => {
    const owner = await createUser({ isPro: true });
    const path = "/settings/team";
    const invited = await post(team(), path, owner.cookie, { intent: "invite", email: "lena@example.com", role: "staff" });
    expect(invited.data.message).toBe("Einladung an lena@example.com gesendet. Der Link gilt 7 Tage.");
    const again = await post(team(), path, owner.cookie, { intent: "invite", email: "lena@example.com", role: "staff" });
    expect(again.data.error).toBe("Für lena@example.com wartet bereits eine Einladung. Ziehen Sie sie zurück, um eine neue zu senden.");
    const own = await post(team(), path, owner.cookie, { intent: "invite", email: owner.email, role: "viewer" });
    expect(own.data.error).toBe("Das ist Ihre eigene Adresse: Sie sind der Inhaber.");
    const invalid = await post(team(), path, owner.cookie, { intent: "invite", email: "not an address", role: "staff" });
    expect(invalid.data.fieldErrors.email).toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein");
    const nothing = await post(team(), path, owner.cookie, { intent: "withdrawHandover" });
    expect(nothing.data.message).toBe("Es wartete keine Übergabe.");

    const member = await createUser();
    const gone = await post(handover(), "/team/handover", member.cookie, { intent: "accept", handoverId: crypto.randomUUID() });
    expect(gone.status).toBe(410);
    expect(gone.data.error).toBe("Diese Übergabe ist abgelaufen oder wurde zurückgezogen.");
  });

  it("a join link that is gone answers a signed-in member in German, and someone signed out in English", async () => {
    const member = await createUser();
    const { action } = await join();
    const token = "no-such-invitation-token";
    const signedIn = await callRoute(
      action,
      makeRequest(`/team/join/${token}`, { cookie: member.cookie, form: { intent: "join" }, headers: GERMAN_BROWSER }),
      {
        token,
      },
    );
    expect(signedIn.data.error).toBe(
      "Diese Einladung ist abgelaufen oder wurde zurückgezogen. Bitten Sie den Inhaber des Unternehmens um eine neue.",
    );
    const signedOut = await callRoute(
      action,
      makeRequest(`/team/join/${token}`, {
        form: { intent: "signup", password: "a long enough password 42" },
        headers: { ...GERMAN_BROWSER, "x-leadqr-client-ip": "2001:db8:7700::1" },
      }),
      { token },
    );
    expect(signedOut.data.error).toBe("This invitation has expired or was withdrawn. Ask the business's owner for a new one.");
  });

  it("a campaign's locations refuse to strand a placement in the member's language (the campaign pages pass it)", async () => {
    const owner = await createUser({ isPro: true });
    await post(locations(), "/settings/locations", owner.cookie, { intent: "add", name: "Hafen" });
    const { db } = await getServices();
    const [harbour] = await db.select({ id: schema.location.id }).from(schema.location).where(eq(schema.location.userId, owner.id));
    const campaignId = (await createCampaignRow(owner.id, { title: "Brotwoche" })).id;
    await db.insert(schema.placement).values({ campaignId, name: "Fensterplakat", locationId: harbour!.id });
    const limit = (language?: "de") => setCampaignLocations(db, { businessId: owner.id, campaignId, locationIds: [], language });
    await expect(limit("de")).rejects.toThrow(
      "Die Platzierung „Fensterplakat“ befindet sich in Hafen. Verschieben oder löschen Sie sie zuerst, oder behalten Sie Hafen unter den Standorten der Kampagne.",
    );
    await expect(limit()).rejects.toThrow(
      "The placement “Fensterplakat” is at Hafen. Move or delete it first, or keep Hafen among the campaign's locations.",
    );
  });
});
