// Test and seed data builders. They go through the same code paths users do where it matters.
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { signUp } from "~/features/auth/auth-actions.server";
import { getServices } from "~/utils/services.server";
import { cookieFrom, makeRequest } from "./http";

let counter = 0;

export function uniqueEmail(prefix = "owner") {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}@example.com`;
}

export const DEFAULT_PASSWORD = "correct-horse-battery";

/** Signs a new account up through the real sign-up action; returns its id and session cookie. */
export async function createUser(options: { email?: string; password?: string; role?: "user" | "admin"; isPro?: boolean } = {}) {
  const email = options.email ?? uniqueEmail();
  const response = (await signUp(
    makeRequest("/signup", {
      form: { email, password: options.password ?? DEFAULT_PASSWORD },
      // Each test account signs up from its own address, clear of the sign-up rate limit.
      headers: { "x-leadqr-client-ip": `198.51.100.${counter % 250}-${counter}` },
    }),
  )) as Response;
  if (!(response instanceof Response) || response.status !== 302) throw new Error(`sign-up failed for ${email}`);
  const { db } = await getServices();
  const [row] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  if (options.role || options.isPro) {
    await db
      .update(schema.user)
      .set({ ...(options.role ? { role: options.role } : {}), ...(options.isPro ? { isPro: true } : {}) })
      .where(eq(schema.user.id, row!.id));
  }
  return { id: row!.id, email, cookie: cookieFrom(response) };
}

/** A campaign row owned by `userId` (dashboard and leads tests; the wizard has its own tests). */
export async function createCampaignRow(
  userId: string,
  overrides: Partial<Pick<typeof schema.campaign.$inferInsert, "title" | "status" | "scanCount" | "createdAt" | "businessType">> = {},
) {
  const { db } = await getServices();
  const [row] = await db
    .insert(schema.campaign)
    .values({
      id: crypto.randomUUID(),
      userId,
      title: overrides.title ?? `Campaign ${++counter}`,
      businessType: overrides.businessType ?? "Coffee Shop",
      discount: "10% off",
      minOrder: "Any order",
      aiHeadline: "Scan now and save on your next coffee with us",
      aiThankyou: "Thanks! Your code is on its way.",
      status: overrides.status ?? "active",
      design: {
        primary_color: "#1E40AF",
        secondary_color: "#3B82F6",
        text_color: "#FFFFFF",
        button_style: "rounded",
        font_style: "modern",
        layout: "centered",
      },
      scanCount: overrides.scanCount ?? 0,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning({ id: schema.campaign.id, title: schema.campaign.title });
  return row!;
}

export async function createLeadRow(
  campaignId: string,
  lead: { name: string; email: string; phone?: string | null; collectedAt?: Date },
) {
  const { db } = await getServices();
  const [row] = await db
    .insert(schema.lead)
    .values({ campaignId, name: lead.name, email: lead.email, phone: lead.phone ?? null, ...(lead.collectedAt ? { collectedAt: lead.collectedAt } : {}) })
    .returning({ id: schema.lead.id });
  return row!;
}

/** Scan rows at the given moments (the campaign's counter is left as it is). */
export async function createScanRows(campaignId: string, moments: Date[]) {
  const { db } = await getServices();
  if (moments.length === 0) return;
  await db.insert(schema.scan).values(moments.map((timestamp) => ({ campaignId, timestamp, deviceType: "mobile" as const })));
}
