// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import * as sync from "./settings.integrations.sync";

afterEach(cleanup);

const connection = (overrides: object) => ({
  status: "active",
  brokenReason: null,
  accountName: "Café Aroma",
  destinationName: null,
  lastSyncAt: null,
  failures: 0,
  campaignsOff: [],
  backfill: null,
  ...overrides,
});

/** Mailchimp as the screen's loader describes it: configured and not connected, unless told otherwise. */
const mailchimp = (overrides: object) => ({
  id: "mailchimp",
  label: "Mailchimp",
  destinationNoun: "audience",
  canCreate: false,
  needsMarketingConsent: true,
  missingConfiguration: [],
  connection: null,
  ...overrides,
});

describe("the lead sync screen", () => {
  it("tells an owner a provider isn't switched on yet, connects what is configured, and shows a broken connection and a failed sync with Retry", async () => {
    await renderRoute(sync, {
      path: "/settings/integrations/sync",
      loaderData: {
        isPro: true,
        redirectUris: null,
        providers: [
          mailchimp({
            connection: connection({
              destinationName: "Café regulars",
              status: "broken",
              brokenReason: "The chosen audience no longer exists. Choose another.",
            }),
          }),
          {
            id: "google_sheets",
            label: "Google Sheets",
            destinationNoun: "sheet",
            canCreate: true,
            needsMarketingConsent: false,
            missingConfiguration: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
            connection: null,
          },
        ],
        campaigns: [{ id: "c1", title: "Free croissant" }],
        log: [
          {
            id: "j1",
            provider: "Mailchimp",
            at: "2026-11-26T10:00:00.000Z",
            lead: "rex@example.com",
            status: "failed",
            result: "Mailchimp refused it: looks fake",
            attempts: 1,
          },
        ],
      },
    });
    const note = screen.getByRole("note");
    expect(note.textContent).toBe(
      "Google Sheets sync isn't switched on for this LeadQR yet. It adds each new lead as a row of a Google Sheet, as it arrives.",
    );
    // The owner cannot set a server's variables: no names of them, no dead Connect button.
    expect(screen.queryByText(/GOOGLE_CLIENT_ID|operator/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Connect Google Sheets" })).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain("The chosen audience no longer exists.");
    expect(screen.getByText("Leads go to the audience “Café regulars”.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop sending Free croissant to Mailchimp" })).toBeTruthy();
    expect(screen.getByText("Failed: Mailchimp refused it: looks fake")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry sync of rex@example.com to Mailchimp" })).toBeTruthy();
  });

  it("offers the existing leads once a destination is chosen, shows a backfill's progress, and takes an existing sheet's link", async () => {
    const provider = (id: string, label: string, noun: string, backfill: object) => ({
      id,
      label,
      destinationNoun: noun,
      canCreate: id === "google_sheets",
      needsMarketingConsent: id === "mailchimp",
      missingConfiguration: [],
      connection: connection({ destinationName: "Somewhere", backfill }),
    });
    await renderRoute(sync, {
      path: "/settings/integrations/sync",
      loaderData: {
        isPro: true,
        redirectUris: null,
        providers: [
          provider("mailchimp", "Mailchimp", "audience", { waiting: 12, queued: 0, done: 0 }),
          provider("google_sheets", "Google Sheets", "sheet", { waiting: 3, queued: 40, done: 12 }),
        ],
        campaigns: [],
        log: [],
      },
    });
    expect(screen.getByRole("button", { name: "Send my 12 existing leads" })).toBeTruthy();
    expect(screen.getByText("Only leads who agreed to marketing are counted.")).toBeTruthy();
    // While a backfill runs, its progress shows instead of the offer.
    expect(screen.getByText("Sending your existing leads: 12 of 40 done.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send my 3 existing leads" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Or use an existing sheet (its link or ID)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Use this sheet" })).toBeTruthy();
  });

  it("gives an admin the set-up box: the missing variables and the redirect URI, each copyable", async () => {
    const uri = "https://qr.example.com/settings/integrations/sync/mailchimp/callback";
    await renderRoute(sync, {
      path: "/settings/integrations/sync",
      loaderData: {
        isPro: true,
        redirectUris: { mailchimp: uri },
        providers: [mailchimp({ missingConfiguration: ["MAILCHIMP_CLIENT_ID", "MAILCHIMP_CLIENT_SECRET"] })],
        campaigns: [],
        log: [],
      },
    });
    expect(screen.getByText("Mailchimp sync isn't switched on for this LeadQR yet.")).toBeTruthy();
    expect(screen.getByText("Set up Mailchimp sync (only admins see this)")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy MAILCHIMP_CLIENT_ID" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy MAILCHIMP_CLIENT_SECRET" })).toBeTruthy();
    expect(screen.getByText(uri)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy Mailchimp redirect URI" })).toBeTruthy();
  });
});
