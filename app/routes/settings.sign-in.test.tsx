// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { VerifyEmailBanner } from "~/features/auth/verify-email-banner";
import { verifyBannerWords } from "~/features/auth/verify-email-banner.server";
// The server's module holds every owner catalogue, as on the server render.
import "~/features/languages/owner/owner-language.server";
import { renderRoute } from "../../tests/support/render-route";
import * as signInSettings from "./settings.sign-in";

afterEach(cleanup);

const loaderData = {
  email: "sam@corner-bakery.example",
  back: { to: "/redeem", label: "Zurück zur Kasse" },
  language: null,
  passkeys: [{ id: "pk-1", name: "Kassen-Tablet", createdAt: "2026-11-28T10:00:00.000Z" }],
};

describe("the Sign-in and passkeys screen", () => {
  it("keeps its English for a member reading English", async () => {
    await renderRoute(signInSettings, {
      path: "/settings/sign-in",
      loaderData: { ...loaderData, back: { to: "/redeem", label: "Back to the counter" } },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Sign-in and passkeys" })).toBeTruthy();
    expect(screen.getByText("How sam@corner-bakery.example signs in to LeadQR.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "← Back to the counter" }).getAttribute("href")).toBe("/redeem");
    const passkeys = screen.getByRole("region", { name: "Passkeys" });
    expect(within(passkeys).getByText("Added Nov 28, 2026")).toBeTruthy();
    expect(within(passkeys).getByText("Remove Kassen-Tablet? It will no longer sign you in.")).toBeTruthy();
    expect(screen.getByText("Email me a sign-in link").tagName).toBe("SPAN");
  });

  it("reads German for a German member: the page, its passkeys, their dates and the answer the action wrote", async () => {
    await renderRoute(signInSettings, {
      path: "/settings/sign-in",
      loaderData,
      actionData: { message: "Passkey entfernt." },
      ownerLanguage: "de",
    });
    expect(screen.getByRole("heading", { level: 1, name: "Anmeldung und Passkeys" })).toBeTruthy();
    expect(screen.getByText("Wie sich sam@corner-bakery.example bei LeadQR anmeldet.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "← Zurück zur Kasse" })).toBeTruthy();
    const passkeys = screen.getByRole("region", { name: "Passkeys" });
    expect(within(passkeys).getByRole("list", { name: "Ihre Passkeys" })).toBeTruthy();
    expect(within(passkeys).getByText("Hinzugefügt am 28.11.2026")).toBeTruthy();
    expect(within(passkeys).getByText("Kassen-Tablet entfernen? Damit können Sie sich dann nicht mehr anmelden.")).toBeTruthy();
    expect(within(passkeys).getByRole("button", { name: "Ja, diesen Passkey entfernen" })).toBeTruthy();
    expect(within(passkeys).getByText(/Um einen Passkey hinzuzufügen/)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Weitere Anmeldewege" })).toBeTruthy();
    expect(screen.getByText("Anmeldelink per E-Mail senden").tagName).toBe("SPAN");
    expect(screen.queryByText(/Passkeys yet|Add a passkey|Other ways in/)).toBeNull();
  });
});

describe("the banner asking to confirm the address", () => {
  function renderBanner(language: "en" | "de") {
    const Stub = createRoutesStub([
      { path: "/", Component: () => <VerifyEmailBanner email="sam@corner-bakery.example" words={verifyBannerWords(language)} /> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    return screen.getByRole("region");
  }

  it.each([
    [
      "en",
      "Confirm your email address",
      "Please confirm your email address: we sent a link to sam@corner-bakery.example. Until then, lead notifications are held.",
      "Resend link",
    ],
    [
      "de",
      "Bestätigen Sie Ihre E-Mail-Adresse",
      "Bitte bestätigen Sie Ihre E-Mail-Adresse: Wir haben einen Link an sam@corner-bakery.example gesendet. Bis dahin werden Lead-Benachrichtigungen zurückgehalten.",
      "Link erneut senden",
    ],
  ] as const)("in %s names itself, says its sentence with the address in bold, and offers the resend", (language, label, sentence, resend) => {
    const banner = renderBanner(language);
    expect(banner.getAttribute("aria-label")).toBe(label);
    expect(banner.querySelector("p")!.textContent).toBe(sentence);
    expect(banner.querySelector("strong")!.textContent).toBe("sam@corner-bakery.example");
    expect(within(banner).getByRole("button", { name: resend })).toBeTruthy();
  });
});
