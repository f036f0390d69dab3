// Without the operator's OAuth clients, lead sync says what to configure and connects nothing.
import { describe, expect, it } from "vitest";
import * as syncRoute from "~/routes/settings.integrations.sync";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

describe("lead sync without provider configuration", () => {
  it("names the variables to set, and Connect answers the same instead of leaving for the provider", async () => {
    const owner = await createUser({ isPro: true });
    const page = (await callRoute(syncRoute.loader, makeRequest("/settings/integrations/sync", { cookie: owner.cookie }))).data;
    expect(
      page.providers.map((provider: { label: string; missingConfiguration: string[] }) => [provider.label, provider.missingConfiguration]),
    ).toEqual([
      ["Mailchimp", ["MAILCHIMP_CLIENT_ID", "MAILCHIMP_CLIENT_SECRET"]],
      ["Google Sheets", ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]],
    ]);
    const connect = await callRoute(
      syncRoute.action,
      makeRequest("/settings/integrations/sync", { cookie: owner.cookie, form: { intent: "connect", provider: "google_sheets" } }),
    );
    expect(connect.status).toBe(503);
    expect(connect.data).toEqual({ error: "Google Sheets is not configured: the operator must set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET." });
  });

  it("gives the redirect URIs to an admin only, one per provider on this server's address", async () => {
    const owner = await createUser({ isPro: true });
    const ownerPage = (await callRoute(syncRoute.loader, makeRequest("/settings/integrations/sync", { cookie: owner.cookie }))).data;
    expect(ownerPage.redirectUris).toBeNull();
    const admin = await createUser({ isPro: true, role: "admin" });
    const adminPage = (await callRoute(syncRoute.loader, makeRequest("/settings/integrations/sync", { cookie: admin.cookie }))).data;
    expect(Object.keys(adminPage.redirectUris)).toEqual(["mailchimp", "google_sheets"]);
    expect(adminPage.redirectUris.mailchimp).toMatch(/^https?:\/\/[^/]+\/settings\/integrations\/sync\/mailchimp\/callback$/);
    expect(adminPage.redirectUris.google_sheets).toMatch(/\/settings\/integrations\/sync\/google_sheets\/callback$/);
  });
});
