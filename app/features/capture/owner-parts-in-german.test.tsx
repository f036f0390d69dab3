// @vitest-environment happy-dom
// The wizard's parts (live preview, code validity, marketing consent), the integrations' upgrade
// and one-time secret, and the landing page's demo dialog read the owner's language: German here.
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { initialValues } from "~/features/campaigns/campaign-wizard-state";
import { LaunchSummary } from "~/features/campaigns/campaign-wizard-steps";
import { ConsentModeField } from "~/features/consent/consent-mode-field";
import { OneTimeSecret, Section, UpgradePrompt } from "~/features/integrations/integrations-ui";
import { OwnerLanguageContext } from "~/features/languages/owner/owner-language-context";
import "~/features/languages/owner/owner-language.server";
import { OfferRuleFields } from "~/features/redeem/offer-rule-fields";
import { CampaignPreview } from "./campaign-preview";
import { WatchDemo } from "./watch-demo";
import WatchDemoDialog from "./watch-demo-dialog";

afterEach(cleanup);

function inGerman(children: ReactNode) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <OwnerLanguageContext.Provider value="de">{children}</OwnerLanguageContext.Provider> },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

describe("the owner's parts for an owner whose language is de", () => {
  it("the wizard's preview, code validity and consent fields read German", async () => {
    inGerman(
      <>
        <CampaignPreview values={{ ...initialValues(), title: "", aiHeadline: "", language: "en" }} />
        <OfferRuleFields errors={{}} />
        <ConsentModeField mode="notice" offerRequiresConsent={false} onChange={() => {}} idPrefix="t" />
      </>,
    );
    expect(await screen.findByRole("region", { name: "Live-Vorschau" })).toBeTruthy();
    expect(screen.getByText("Hier erscheint Ihre Überschrift")).toBeTruthy();
    expect(screen.getAllByText("Ihr Unternehmen").length).toBeGreaterThan(0);
    expect(screen.getByRole("group", { name: "Angebot sichern (Vorschau)" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Angebot sichern" }).getAttribute("href")).toBe("/pricing");
    expect(screen.getByRole("group", { name: /^Gültigkeit des Codes/ })).toBeTruthy();
    expect(screen.getByLabelText("Ohne Ablauf")).toBeTruthy();
    expect(screen.getByText("Tage nach dem Sichern", { selector: "span" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Einwilligung in Werbung" })).toBeTruthy();
    expect(screen.getByText("Nur Hinweis (Standard)")).toBeTruthy();
    expect(screen.getByLabelText("Das Angebot setzt die Einwilligung voraus (nur Kästchen und Double-Opt-in)")).toBeTruthy();
  });

  it("the launch summary names the consent mode in German", async () => {
    const values = { ...initialValues(), title: "Woche", consentMode: "double_opt_in", language: "en" };
    inGerman(<LaunchSummary values={values} namesBusiness translations={{}} rule={null} mode="create" busy={false} canLaunch />);
    expect(await screen.findByText("Double-Opt-in")).toBeTruthy();
  });

  it("the integrations' upgrade and one-time secret read German", async () => {
    inGerman(
      <>
        <UpgradePrompt />
        <OneTimeSecret label="Signing secret" value="whsec_1" />
      </>,
    );
    expect(await screen.findByText("Integrationen gibt es im Pro-Tarif")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Auf Pro upgraden" })).toBeTruthy();
    expect(screen.getByText("Kopieren Sie ihn jetzt: Er wird nicht noch einmal angezeigt.")).toBeTruthy();
  });

  it("sections titled in Arabic are each named by their own heading", () => {
    render(
      <>
        <Section title="الإشعارات">١</Section>
        <Section title="الفريق">٢</Section>
      </>,
    );
    expect(screen.getByRole("region", { name: "الإشعارات" }).textContent).toContain("١");
    expect(screen.getByRole("region", { name: "الفريق" }).textContent).toContain("٢");
  });

  it("the demo dialog reads German, its sample code in bold", async () => {
    inGerman(<WatchDemoDialog open onOpenChange={() => {}} opener={{ current: null }} />);
    expect(await screen.findByRole("dialog", { name: "Was Ihre Gäste sehen" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "2. Nach dem Sichern" })).toBeTruthy();
    expect(screen.getByTestId("demo-code").textContent).toBe("SUNNY-4821");
    expect(screen.getByText("Zeigen Sie ihn an der Theke vor.", { exact: false })).toBeTruthy();
  });

  it("the landing page's button stays English: only the signed-out see it", () => {
    inGerman(<WatchDemo className="" />);
    expect(screen.getByRole("button", { name: "Watch Demo" })).toBeTruthy();
  });
});
