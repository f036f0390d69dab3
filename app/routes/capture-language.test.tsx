// @vitest-environment happy-dom
// What a Spanish and an Arabic visitor see: the capture route's screen rendered from its loader's
// view, the language's strings only.
// Rules: docs/features/visitor-languages.md ("One language per page").
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { pageLocaleOf } from "~/features/languages/i18n.server";
import { DEFAULT_PAGE_DESIGN } from "~/features/capture/capture";
import * as capture from "./capture";
import { renderRoute } from "../../tests/support/render-route";

const offer = {
  headline: "Pan recién hecho",
  thankYou: "¡Hasta pronto!",
  businessName: "Panadería Sol",
  design: DEFAULT_PAGE_DESIGN,
  logoUrl: null,
  terms: { discount: "20 %", minOrder: "" },
  consent: { mode: "checkbox" as const, offerRequiresConsent: true, privacyHref: "/capture/x/privacy" },
};

function formView(language: "es" | "ar" | "en", offered?: Array<"en" | "es" | "ar">) {
  const locale = pageLocaleOf(language, ["capture"]);
  return { state: "form", offer, scanToken: null, language, locale: offered ? { ...locale, offered } : locale };
}

afterEach(cleanup);

describe("the capture page's words", () => {
  it("are Spanish for a Spanish visitor, with the switcher", async () => {
    await renderRoute(capture, { path: "/capture/:campaignId", url: "/capture/x", loaderData: formView("es") });
    expect(screen.getByLabelText("Nombre completo *")).toBeTruthy();
    expect(screen.getByLabelText("Correo electrónico *")).toBeTruthy();
    expect(
      screen.getByLabelText("Acepto recibir correos comerciales de Panadería Sol. Puedo retirar mi consentimiento en cualquier momento."),
    ).toBeTruthy();
    expect(screen.getByText("Para conseguir esta oferta tienes que marcar la casilla.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Quiero mi oferta" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Privacidad" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Español", hidden: true }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("link", { name: "العربية", hidden: true }).getAttribute("href")).toBe("?lang=ar");
    expect(document.body.textContent).not.toContain("Claim My Offer");
  });

  it("are Arabic for an Arabic visitor", async () => {
    await renderRoute(capture, { path: "/capture/:campaignId", url: "/capture/x", loaderData: formView("ar") });
    expect(screen.getByLabelText("الاسم الكامل *")).toBeTruthy();
    expect(screen.getByRole("button", { name: "احصل على عرضي" })).toBeTruthy();
  });
});

describe("the language switcher", () => {
  it("sits inside the card: a globe and the page's language, opening to the languages the page has words in", async () => {
    await renderRoute(capture, { path: "/capture/:campaignId", url: "/capture/x", loaderData: formView("en", ["en", "es", "ar"]) });
    const nav = screen.getByRole("navigation", { name: "Language" });
    expect(nav.closest(".cq-card")).toBeTruthy();
    // The card's first thing, before the headline.
    expect(nav.compareDocumentPosition(screen.getByRole("heading", { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const summary = nav.querySelector("summary")!;
    expect(summary.textContent).toBe("English");
    expect(summary.querySelector("svg")!.getAttribute("aria-hidden")).toBe("true");
    const links = [...nav.querySelectorAll("a")].map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("lang")]);
    expect(links).toEqual([
      ["English", "?lang=en", "en"],
      ["Español", "?lang=es", "es"],
      ["العربية", "?lang=ar", "ar"],
    ]);
    expect(document.body.textContent).not.toContain("Deutsch");
  });

  it("is left out when the owner wrote the page in one language only", async () => {
    await renderRoute(capture, { path: "/capture/:campaignId", url: "/capture/x", loaderData: formView("en", ["en"]) });
    expect(screen.getByRole("button", { name: "Claim My Offer" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Language" })).toBeNull();
  });
});

describe("the visitor's own pages", () => {
  it("the privacy notice is Spanish for a Spanish visitor, and names the language cookie", async () => {
    const privacy = await import("./capture-privacy");
    const loaderData = { businessName: "Panadería Sol", postalAddress: "", visitorCookie: true, locale: pageLocaleOf("es", ["visitor"]) };
    await renderRoute(privacy, { path: "/capture/:campaignId/privacy", url: "/capture/x/privacy", loaderData });
    expect(screen.getByRole("heading", { name: "Privacidad" })).toBeTruthy();
    expect(document.body.textContent).toContain("Panadería Sol recoge el nombre");
    expect(document.body.textContent).toContain("v_lang");
    expect(document.body.textContent).not.toContain("collects the name");
  });
});
