// Helpers shared by the campaigns integration tests.
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import * as campaignsRoute from "~/routes/campaigns";
import { getServices } from "~/utils/services.server";
import { callRoute, makeRequest } from "./http";

export function campaignForm(overrides: Record<string, string | string[]> = {}) {
  return {
    intent: "create",
    title: "Summer Coffee Special",
    businessType: "Coffee Shop",
    discount: "20% off",
    minOrder: "On orders over $10",
    aiHeadline: "Wake Up to Savings: 20% Off Your Favourite Coffee Today",
    aiThankyou: "Thanks for joining us! Show this at the counter. See you soon.",
    colorPreset: "ocean-blue",
    textColor: "#FFFFFF",
    buttonStyle: "rounded",
    fontStyle: "modern",
    layout: "centered",
    ...overrides,
  };
}

export function postCampaigns(cookie: string, form: Record<string, string | string[] | Blob>, path = "/campaigns") {
  return callRoute(campaignsRoute.action, makeRequest(path, { cookie, form }));
}

/** Creates a campaign through the real action; returns its id. */
export async function createCampaignFor(user: { id: string; cookie: string }, overrides: Record<string, string> = {}) {
  const created = await postCampaigns(user.cookie, campaignForm(overrides));
  if (created.status !== 302) throw new Error(`create failed: ${JSON.stringify(created.data)}`);
  const { db } = await getServices();
  const rows = await db
    .select({ id: schema.campaign.id, title: schema.campaign.title })
    .from(schema.campaign)
    .where(eq(schema.campaign.userId, user.id));
  const title = overrides.title ?? "Summer Coffee Special";
  return rows.filter((row) => row.title === title).at(-1)!.id;
}

/** The campaign's row as the database holds it (the app's `campaignRow` builds one to insert). */
export async function readCampaignRow(id: string) {
  const { db } = await getServices();
  const [row] = await db.select().from(schema.campaign).where(eq(schema.campaign.id, id));
  return row;
}
