import { describe, expect, it } from "vitest";
import * as pricing from "~/routes/pricing";
import * as webhook from "~/routes/webhooks.stripe";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

describe("without Stripe configured", () => {
  it("pricing answers the spec's message, then how an operator lifts the limits without Stripe", async () => {
    const owner = await createUser();
    const result = await callRoute(pricing.action, makeRequest("/pricing", { method: "POST", cookie: owner.cookie, form: {} }));
    expect(result.status).toBe(503);
    expect(result.data.error).toBe("Stripe is not configured. Please set up your Stripe keys in the environment variables.");
    expect(result.data.operatorHint).toBe(
      "Running LeadQR without Stripe? An admin can lift the limits by hand: Admin → Subscriptions → set the account's plan to Pro.",
    );
  });

  it("webhooks answer 503", async () => {
    const result = (await callRoute(webhook.action, makeRequest("/webhooks/stripe", { method: "POST", body: "{}" }))).response!;
    expect(result.status).toBe(503);
  });
});
