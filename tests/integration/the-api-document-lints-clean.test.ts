// The served OpenAPI document (generated from the schemas the API validates with) passes
// Redocly's recommended rules, the linter automation platforms' importers are measured against.
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "~/features/integrations/events";
import * as route from "~/routes/api.v1";
import { callRoute, makeRequest } from "../support/http";

async function servedDocument() {
  const response = (await callRoute(route.loader, makeRequest("/api/v1/openapi.json"))).response!;
  expect(response.status).toBe(200);
  return response.text();
}

describe("the OpenAPI document", () => {
  it("has no error or warning under Redocly's recommended rules", async () => {
    const config = await createConfig({
      extends: ["recommended"],
      rules: {
        // A hosted service's API, not a published specification: there is no licence to name.
        "info-license": "off",
        // The server is this deployment's APP_URL, which is localhost on a developer's machine and in tests.
        "no-server-example.com": "off",
      },
    });
    const problems = await lintFromString({ source: await servedDocument(), absoluteRef: "openapi.json", config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`)).toEqual([]);
  });

  it("lists every event a hook may subscribe to, the sample and the connection test", async () => {
    const document = JSON.parse(await servedDocument()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { enum?: string[] }> };
    };
    expect(document.components.schemas.WebhookEventType!.enum).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(document.components.schemas.WebhookEventType!.enum).toEqual(expect.arrayContaining(["lead.created", "lead.confirmed", "offer.redeemed"]));
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/me", "/hooks", "/hooks/sample/{event}", "/hooks/{id}", "/leads"]));
  });
});
