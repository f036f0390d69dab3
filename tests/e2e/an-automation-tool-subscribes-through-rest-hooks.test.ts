// What Zapier or Make does with an owner's API key (issue 51): test the connection, subscribe a
// REST hook, receive a lead signed, unsubscribe by answering 410 Gone, and delete the hook.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { BASE_URL } from "../../playwright.config";
import { adminPage, claimOffer, setProAsAdmin, signUp } from "./support/helpers";
import { uniqueEmail } from "../support/row-factories";

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

test("an automation tool connects with an API key, gets a lead signed, unsubscribes with 410 and deletes its hook", async ({ page, browser }) => {
  // Two accounts and three visitors' claims, each waiting for the webhook worker.
  test.setTimeout(240_000);
  const received: Received[] = [];
  // The tool's receiver: /zap answers 200 until the user turns the flow off, then 410 Gone.
  let zapTurnedOff = false;
  const receiver = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "/", headers: request.headers, body });
      const gone = request.url === "/zap" && zapTurnedOff;
      response.writeHead(gone ? 410 : 200, { "content-type": "text/plain" }).end(gone ? "gone" : "ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const target = (path: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
  const at = (path: string) => received.filter((hook) => hook.path === path);

  try {
    const email = await signUp(page, uniqueEmail("zapier"));
    const admin = await adminPage(browser);
    await setProAsAdmin(admin, email, true);
    await admin.close();

    await page.goto("/settings/integrations");
    await page.getByLabel("Key name").fill("Zapier");
    await page.getByRole("button", { name: "Create API key" }).click();
    const apiKey = await page.getByRole("textbox", { name: "Your new API key" }).inputValue();
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${BASE_URL}/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${apiKey}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

    // The platform's connection test.
    const me = await call("GET", "/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ object: "account", email, plan: { is_pro: true } });
    const badKey = await fetch(`${BASE_URL}/api/v1/me`, { headers: { Authorization: "Bearer lqr_wrong" } });
    expect(badKey.status).toBe(401);

    const made = await call("POST", "/campaigns", {
      title: "Zap Croissants",
      business_type: "Bakery",
      offer: "Free croissant",
      condition: "with any coffee",
      headline: "A free croissant with your coffee",
      thank_you: "Show this screen at the counter.",
    });
    expect(made.status).toBe(201);
    const campaignId = ((await made.json()) as { id: string }).id;

    // The user turns a Zap on: the platform subscribes, and shows the sample while mapping fields.
    const subscribed = await call("POST", "/hooks", { target_url: target("/zap"), event: "lead.created" });
    expect(subscribed.status).toBe(201);
    const hook = (await subscribed.json()) as { id: string; secret: string };
    const other = (await (await call("POST", "/hooks", { target_url: target("/other"), event: "lead.created" })).json()) as { id: string };
    const sample = (await (await call("GET", "/hooks/sample/lead.created")).json()) as { type: string; data: Record<string, unknown> };
    expect(sample.type).toBe("lead.created");

    await claimOffer(browser, campaignId, { name: "Zoe Zap", email: "zoe@example.com" });
    await expect.poll(() => at("/zap").length, { timeout: 15_000 }).toBe(1);
    const payload = new Webhook(hook.secret).verify(at("/zap")[0]!.body, at("/zap")[0]!.headers as Record<string, string>) as {
      type: string;
      data: Record<string, { email?: string }>;
    };
    expect(payload.type).toBe("lead.created");
    expect(payload.data.lead!.email).toBe("zoe@example.com");
    expect(Object.keys(payload.data).sort()).toEqual(Object.keys(sample.data).sort());

    // The user deletes the Zap without the platform unsubscribing: its URL now answers 410.
    zapTurnedOff = true;
    await claimOffer(browser, campaignId, { name: "Yan Gone", email: "yan@example.com" });
    await expect.poll(() => at("/zap").length, { timeout: 15_000 }).toBe(2);
    await page.reload();
    await expect(page.getByText("Unsubscribed: the receiver answered 410 Gone, so nothing more is sent to it")).toBeVisible();
    await page.getByRole("link", { name: `Delivery log for ${target("/zap")}` }).click();
    await expect(page.getByTestId("endpoint-status")).toHaveText("Unsubscribed");
    await expect(page.getByTestId("delivery-row").first()).toContainText("410");

    // Nothing more reaches it; the other hook still gets every lead.
    await claimOffer(browser, campaignId, { name: "Xia Later", email: "xia@example.com" });
    await expect.poll(() => at("/other").length, { timeout: 15_000 }).toBe(3);
    expect(at("/zap")).toHaveLength(2);

    expect((await call("DELETE", `/hooks/${hook.id}`)).status).toBe(204);
    expect((await call("DELETE", `/hooks/${hook.id}`)).status).toBe(404);
    expect((await call("DELETE", `/hooks/${other.id}`)).status).toBe(204);
    await page.goto("/settings/integrations");
    await expect(page.getByRole("link", { name: `Delivery log for ${target("/zap")}` })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
