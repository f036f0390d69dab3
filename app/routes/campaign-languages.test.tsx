// @vitest-environment happy-dom
// The Languages page says which phones will see the page in which language (one language per page).
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
import * as languages from "./campaign-languages";

const original = { headline: "Free pastry", offer: "A free pastry", condition: "With any coffee", thankYou: "Thanks!" };

function loaderData(translations: Record<string, Record<string, string>>) {
  return { campaign: { id: "c1", title: "Pastry week", language: "en" }, original, translations, ai: false };
}

afterEach(cleanup);

describe("the Languages page", () => {
  it("says which phones see which language", async () => {
    await renderRoute(languages, {
      path: "/campaigns/:campaignId/languages",
      url: "/campaigns/c1/languages",
      loaderData: loaderData({ es: { headline: "Bollo" }, ar: { offer: "معجنات" } }),
    });
    const box = within(screen.getByRole("region", { name: "Which phones see what" }));
    expect(box.getByText("Phones set to English, Español, العربية: the whole page in that language.")).toBeTruthy();
    expect(box.getByText("Every other phone: the whole page in English, the page's language.")).toBeTruthy();
  });

  it("says every phone sees the page language while nothing is translated", async () => {
    await renderRoute(languages, { path: "/campaigns/:campaignId/languages", url: "/campaigns/c1/languages", loaderData: loaderData({}) });
    const box = within(screen.getByRole("region", { name: "Which phones see what" }));
    expect(box.getByText("Every phone sees the page in English. Add a language below to offer another.")).toBeTruthy();
  });
});
