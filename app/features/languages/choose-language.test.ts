import { describe, expect, it } from "vitest";
import { acceptedLanguageOf, chooseLanguage, languageCookieHeader, languageCookieOf } from "./choose-language.server";

describe("the visitor's language", () => {
  it("takes the best supported match of Accept-Language, regional tags included", () => {
    expect(acceptedLanguageOf("es-ES,es;q=0.9,en;q=0.8")).toBe("es");
    expect(acceptedLanguageOf("de-AT")).toBe("de");
    expect(acceptedLanguageOf("pt-BR,pt;q=0.9")).toBe("pt");
    expect(acceptedLanguageOf("ar-EG,ar;q=0.9,en-US;q=0.8")).toBe("ar");
    expect(acceptedLanguageOf("nl-BE")).toBe("nl");
  });

  it("follows the browser's order of preference, skipping languages we lack", () => {
    expect(acceptedLanguageOf("xh-ZA,fr;q=0.7,en;q=0.5")).toBe("fr");
    expect(acceptedLanguageOf("en;q=0.4,it;q=0.9")).toBe("it");
  });

  it("finds no match for a language we lack, a wildcard, or a header that is not one", () => {
    expect(acceptedLanguageOf("xh-ZA")).toBeNull();
    expect(acceptedLanguageOf("*")).toBeNull();
    expect(acceptedLanguageOf("")).toBeNull();
    expect(acceptedLanguageOf(";;;,q=1")).toBeNull();
    expect(acceptedLanguageOf(null)).toBeNull();
  });

  it("falls back to the campaign's language when the browser asks for none of ours", () => {
    expect(chooseLanguage({ acceptLanguage: "xh-ZA", fallback: "de" })).toEqual({ language: "de", remember: false });
    expect(chooseLanguage({ acceptLanguage: null, fallback: "en" })).toEqual({ language: "en", remember: false });
    expect(chooseLanguage({ acceptLanguage: "es-ES", fallback: "de" })).toEqual({ language: "es", remember: false });
  });

  it("a choice from the switcher wins and is remembered once; the cookie then wins over the browser", () => {
    expect(chooseLanguage({ chosen: "es", acceptLanguage: "de-DE", fallback: "en" })).toEqual({ language: "es", remember: true });
    const cookie = `other=1; ${languageCookieHeader("es", false).split(";")[0]}`;
    expect(chooseLanguage({ chosen: "es", cookie, acceptLanguage: "de-DE", fallback: "en" })).toEqual({ language: "es", remember: false });
    expect(chooseLanguage({ cookie, acceptLanguage: "de-DE", fallback: "en" })).toEqual({ language: "es", remember: false });
  });

  it("ignores a made-up choice or cookie", () => {
    expect(chooseLanguage({ chosen: "xx", cookie: "v_lang=zz; leadqr.lang=zz", acceptLanguage: "fr", fallback: "en" })).toEqual({
      language: "fr",
      remember: false,
    });
    expect(languageCookieOf("v_lang=<script>")).toBeNull();
    expect(languageCookieOf("leadqr.lang=<script>")).toBeNull();
  });

  it("names its cookie neutrally (white-label, decision 433) and moves a choice kept under the old leadqr.lang name", () => {
    expect(languageCookieHeader("es", false)).toMatch(/^v_lang=es; /);
    expect(languageCookieOf("a=1; leadqr.lang=es")).toBe("es");
    expect(chooseLanguage({ cookie: "a=1; leadqr.lang=es", acceptLanguage: "de-DE", fallback: "en" })).toEqual({ language: "es", remember: true });
    // Both names (the move already made): the new one speaks, nothing to set.
    expect(chooseLanguage({ cookie: "leadqr.lang=fr; v_lang=es", acceptLanguage: "de-DE", fallback: "en" })).toEqual({
      language: "es",
      remember: false,
    });
  });

  it("keeps a campaign's page in one language: a language without the owner's words gets the page's", () => {
    const offered = ["en", "es"] as const;
    // A German phone on a campaign with no German copy: the whole page in the page language.
    expect(chooseLanguage({ acceptLanguage: "de-DE,de;q=0.9", fallback: "en", offered: [...offered] })).toEqual({ language: "en", remember: false });
    // A phone that reads German and Spanish gets the Spanish the owner wrote.
    expect(chooseLanguage({ acceptLanguage: "de-DE,es;q=0.8", fallback: "en", offered: [...offered] })).toEqual({ language: "es", remember: false });
    // A remembered or linked German is not this page's either; nothing new is remembered.
    expect(chooseLanguage({ cookie: "v_lang=de", acceptLanguage: "es", fallback: "en", offered: [...offered] })).toEqual({
      language: "es",
      remember: false,
    });
    expect(chooseLanguage({ chosen: "de", acceptLanguage: "de", fallback: "en", offered: [...offered] })).toEqual({
      language: "en",
      remember: false,
    });
    expect(chooseLanguage({ chosen: "es", fallback: "en", offered: [...offered] })).toEqual({ language: "es", remember: true });
  });
});
