// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderRoute } from "../../tests/support/render-route";
// The server's module holds every owner catalogue, as on the server render.
import "~/features/languages/owner/owner-language.server";
import * as docs from "./docs.api";

afterEach(cleanup);

/** The page's data with a few operations and objects: the whole reference renders slowly on a busy machine. */
function someOfTheReference() {
  const full = docs.loader();
  return { ...full, operations: full.operations.slice(0, 3), schemas: full.schemas.slice(0, 3) };
}

describe("the API documentation page", () => {
  it("says its own words in the member's language and leaves the reference and its identifiers as they are", async () => {
    const loaderData = someOfTheReference();
    await renderRoute(docs, { path: "/docs/api", loaderData, ownerLanguage: "de" });
    expect(screen.getByRole("heading", { level: 2, name: "Authentifizierung, Limits und Fehler" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Endpunkte" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Objekte" })).toBeTruthy();
    expect(screen.getByText(/^Jeder Schlüssel darf 120 Anfragen pro Minute stellen/).querySelectorAll("code")[0]?.textContent).toBe(
      "RateLimit-Limit",
    );
    expect(screen.getByRole("link", { name: "openapi.json" }).getAttribute("href")).toBe("/api/v1/openapi.json");
    // The OpenAPI document's own title and operations stay in English.
    expect(screen.getByRole("heading", { level: 1, name: loaderData.title })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 3, name: loaderData.operations[0]!.summary }).length).toBeGreaterThan(0);
    expect(docs.meta({ matches: [{ data: { ownerLanguage: "de" } }] } as never)).toEqual([{ title: "API-Dokumentation · LeadQR" }]);
  });

  it("is English without a member's language", async () => {
    await renderRoute(docs, { path: "/docs/api", loaderData: someOfTheReference() });
    expect(screen.getByText("Base URL", { exact: false }).textContent).toMatch(/^Base URL .+ · Machine-readable: openapi\.json \(OpenAPI 3\.1\)$/);
    expect(screen.getByRole("heading", { level: 2, name: "Endpoints" })).toBeTruthy();
    expect(docs.meta({ matches: [] } as never)).toEqual([{ title: "API documentation · LeadQR" }]);
  });
});
