import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { BASE_URL } from "../../playwright.config";
import { adminPage, claimOffer, createCampaignInWizard, setProAsAdmin, signUp } from "./support/helpers";
import { uniqueEmail } from "../support/row-factories";

type Received = { headers: http.IncomingHttpHeaders; body: string };

test("a Pro owner connects an endpoint, sees a lead delivered in the log, and lists it through the API", async ({ page, browser }) => {
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "text/plain" }).end("received");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leadqr`;

  try {
    const email = await signUp(page, uniqueEmail("integrations"));
    const admin = await adminPage(browser);
    await setProAsAdmin(admin, email, true);
    await admin.close();

    const campaignId = await createCampaignInWizard(page, {
      title: "Webhook Waffles",
      businessType: "Bakery",
      offer: "Free waffle",
      condition: "with any coffee",
      headline: "A free waffle with your coffee",
      thankYou: "Show this screen at the counter.",
    });

    await page.goto("/settings");
    await expect(page.getByRole("region", { name: "Integrations", exact: true })).toContainText("Mailchimp, Google Sheets, webhooks, API");
    await page.getByRole("link", { name: "Manage integrations" }).click();
    await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
    await page.getByLabel("Endpoint URL").fill(hookUrl);
    await expect(page.getByRole("checkbox", { name: /lead\.created/ })).toBeChecked();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secretBox = page.getByRole("textbox", { name: "Signing secret" });
    await expect(secretBox).toBeVisible();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);

    await claimOffer(browser, campaignId, { name: "Hook Hannah", email: "hannah@example.com", phone: "+1 555 0142" });

    // Delivered within seconds, signed with the secret shown once.
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as {
      type: string;
      data: { lead: { email: string } };
    };
    expect(payload.type).toBe("lead.created");
    expect(payload.data.lead.email).toBe("hannah@example.com");

    await page.reload();
    await page.getByRole("link", { name: `Delivery log for ${hookUrl}` }).click();
    const row = page.getByTestId("delivery-row").first();
    await expect(row).toContainText("lead.created");
    await expect(row).toContainText("200");
    await expect(row).toContainText("Delivered");
    await expect(row).toContainText("received");

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByRole("status")).toHaveText("Test event queued. Reload to see the delivery.");
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);

    await page.getByRole("link", { name: "All integrations" }).click();
    await page.getByLabel("Key name").fill("Spreadsheet sync");
    await page.getByRole("button", { name: "Create API key" }).click();
    const keyBox = page.getByRole("textbox", { name: "Your new API key" });
    await expect(keyBox).toBeVisible();
    const apiKey = await keyBox.inputValue();

    // What a script or curl would do: a plain HTTP call with the key.
    const response = await fetch(`${BASE_URL}/api/v1/leads`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-limit")).toBeTruthy();
    const leads = (await response.json()) as { data: Array<{ email: string; name: string; campaign_id: string }> };
    expect(leads.data).toEqual([expect.objectContaining({ email: "hannah@example.com", name: "Hook Hannah", campaign_id: campaignId })]);

    // A cross-site POST with the key is allowed (Bearer only); the same POST without it is refused.
    const viaKey = await fetch(`${BASE_URL}/api/v1/hooks`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${apiKey}`,
        "Content-Type": "application/json",
        Origin: "https://zapier.example",
        "Sec-Fetch-Site": "cross-site",
      },
      body: JSON.stringify({ target_url: hookUrl, event: "campaign.updated" }),
    });
    expect(viaKey.status).toBe(201);
    const withoutKey = await fetch(`${BASE_URL}/api/v1/hooks`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ target_url: hookUrl, event: "campaign.updated" }),
    });
    expect(withoutKey.status).toBe(403);

    await page.reload();
    await expect(page.getByText(/last used (?!Never)/)).toBeVisible();

    await page.goto("/docs/api");
    await expect(page.getByRole("heading", { name: "LeadQR API" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "List leads" })).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("a free owner sees integrations with an upgrade prompt", async ({ page }) => {
  await signUp(page);
  await page.goto("/settings/integrations");
  await expect(page.getByText("Integrations are a Pro feature")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add endpoint" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Create API key" })).toBeDisabled();
  await expect(page.getByRole("link", { name: "Upgrade to Pro" }).first()).toBeVisible();

  // Both pages fit a phone screen.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/settings/integrations", "/docs/api"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
