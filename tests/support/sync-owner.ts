// The owner's side of lead sync in tests: the sync page's forms and loader, the OAuth round trip
// through our routes, and the worker run until the outbox is empty.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import * as schema from "~/db/schema";
import { withdrawConsent } from "~/features/consent/consent.server";
import { createSyncWorker } from "~/features/sync/worker.server";
import * as callbackRoute from "~/routes/settings.integrations.sync-callback";
import * as syncRoute from "~/routes/settings.integrations.sync";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, type createUser } from "./factories";
import { callRoute, makeRequest } from "./http";

export type Owner = Awaited<ReturnType<typeof createUser>>;

export async function post(owner: Owner, form: Record<string, string>) {
  return callRoute(syncRoute.action, makeRequest("/settings/integrations/sync", { cookie: owner.cookie, form }));
}

export async function page(owner: Owner, query = "") {
  return (await callRoute(syncRoute.loader, makeRequest(`/settings/integrations/sync${query}`, { cookie: owner.cookie }))).data;
}

/** Connect: our action sends the owner to the provider with a state; the provider sends them back with a code. */
export async function connect(owner: Owner, provider: "mailchimp" | "google_sheets", code: string, cookie = owner.cookie) {
  const started = await post(owner, { intent: "connect", provider });
  expect(started.status).toBe(302);
  const authorize = new URL(started.headers.get("location")!);
  const back = new URL(authorize.searchParams.get("redirect_uri")!);
  expect(back.pathname).toBe(`/settings/integrations/sync/${provider}/callback`);
  const callback = `${back.pathname}?code=${code}&state=${authorize.searchParams.get("state")}`;
  return { authorize, result: await callRoute(callbackRoute.loader, makeRequest(callback, { cookie }), { provider }) };
}

export async function drain(options: { batchSize?: number } = {}) {
  const { db } = await getServices();
  const worker = createSyncWorker({ db, ...options });
  while ((await worker.runOnce()) > 0);
}

export async function leadOf(campaignId: string, email: string) {
  const { db } = await getServices();
  const [row] = await db.select({ id: schema.lead.id }).from(schema.lead).where(eq(schema.lead.email, email));
  expect(row, `lead ${email} of ${campaignId}`).toBeDefined();
  return row!.id;
}

export async function withdraw(leadId: string) {
  const { db } = await getServices();
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .update(schema.leadConsent)
    .set({ withdrawTokenHash: crypto.createHash("sha256").update(token).digest("hex") })
    .where(eq(schema.leadConsent.leadId, leadId));
  expect(await withdrawConsent(db, { token })).toBe(true);
}

export async function checkboxCampaign(ownerId: string, title = "Free croissant") {
  const campaign = await createCampaignRow(ownerId, { title });
  const { db } = await getServices();
  await db.update(schema.campaign).set({ consentMode: "checkbox" }).where(eq(schema.campaign.id, campaign.id));
  return campaign;
}
