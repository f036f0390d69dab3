import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "./en";
import { ownerT, OwnerTrans } from "./owner-language";

describe("the owner's words", () => {
  it("a key is a path into the English catalogue and reads its words, placeholders filled", () => {
    expect(ownerT("dashboard")("gettingStarted.print.label")).toBe(en.dashboard.gettingStarted.print.label);
    expect(ownerT("nav")("plan", { plan: "Pro" })).toBe("Pro plan");
  });

  it("a key that is not in the catalogue fails the type check, and would show as the bare key", () => {
    // @ts-expect-error: not a key of the dashboard namespace (tsc fails if this line ever type-checks).
    expect(ownerT("dashboard")("gettingStarted.print")).not.toBe(en.dashboard.gettingStarted.print.label);
    // @ts-expect-error: a sentence is never a key.
    expect(ownerT("nav")("Sign Out")).toBe("Sign Out");
  });

  it("a sentence with markup renders the given element around its value", () => {
    const strong = createElement("span", { className: "font-semibold" });
    const html = renderToStaticMarkup(
      createElement(OwnerTrans<"campaigns">, { ns: "campaigns", k: "card.redeemed", values: { redeemed: 1, rate: 50 }, components: { strong } }),
    );
    expect(html).toBe('Redeemed: <span class="font-semibold">1</span> (50% of leads)');
  });
});
