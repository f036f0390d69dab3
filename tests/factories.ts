// Test and seed data builders. They go through the same code paths users do where it matters.
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { onAddressVerified } from "~/features/auth/account-emails.server";
import * as signupRoute from "~/routes/signup";
import { getServices } from "~/utils/services.server";
import { cookieFrom, makeRequest, run } from "./http";

let counter = 0;

export function uniqueEmail(prefix = "owner") {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}@example.com`;
}

export const DEFAULT_PASSWORD = "correct-horse-battery";

/**
 * Signs a new account up through the real sign-up action; returns its id and session cookie.
 * The address counts as verified (through the same step a clicked link takes) unless `verified: false`.
 */
export async function createUser(options: { email?: string; password?: string; role?: "user" | "admin"; isPro?: boolean; verified?: boolean } = {}) {
  const email = options.email ?? uniqueEmail();
  const response = (await run(
    signupRoute.action,
    makeRequest("/signup", {
      form: { email, password: options.password ?? DEFAULT_PASSWORD },
      // Each test account signs up from its own address, clear of the sign-up rate limit.
      headers: { "x-leadqr-client-ip": `198.51.100.${counter % 250}-${counter}` },
    }),
  )) as Response;
  if (!(response instanceof Response) || response.status !== 302) throw new Error(`sign-up failed for ${email}`);
  const { db } = await getServices();
  const [row] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  if (options.verified !== false) await markVerified(row!.id);
  if (options.role || options.isPro) {
    await db
      .update(schema.user)
      .set({ ...(options.role ? { role: options.role } : {}), ...(options.isPro ? { isPro: true } : {}) })
      .where(eq(schema.user.id, row!.id));
  }
  return { id: row!.id, email, cookie: cookieFrom(response) };
}

/** What opening the verification link does to the account (Better Auth's flag, then our follow-up). */
export async function markVerified(userId: string) {
  const { db, env } = await getServices();
  await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, userId));
  await onAddressVerified(db, env, userId);
}

/** Inserts a campaign directly (the wizard is the campaigns area's UI); returns its row. */
export async function createCampaign(options: {
  userId: string;
  status?: "active" | "paused" | "draft";
  design?: Partial<schema.CampaignDesign>;
  title?: string;
  businessType?: string;
  aiHeadline?: string;
  aiThankyou?: string;
  qrLogoUrl?: string | null;
  scanCount?: number;
  createdAt?: Date;
}) {
  const { db } = await getServices();
  const [row] = await db
    .insert(schema.campaign)
    .values({
      id: crypto.randomUUID(),
      userId: options.userId,
      title: options.title ?? "Summer Special",
      businessType: options.businessType ?? "Coffee Shop",
      discount: "20% off",
      minOrder: "any order over $10",
      aiHeadline: options.aiHeadline ?? "Get 20% Off Your Next Coffee Today",
      aiThankyou: options.aiThankyou ?? "Thanks for joining us! Show this screen at the counter to claim your discount.",
      status: options.status ?? "active",
      qrLogoUrl: options.qrLogoUrl ?? null,
      design: {
        primary_color: "#1E40AF",
        secondary_color: "#3B82F6",
        text_color: "#FFFFFF",
        button_style: "rounded",
        font_style: "modern",
        layout: "centered",
        ...options.design,
      },
      scanCount: options.scanCount ?? 0,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A campaign row owned by `userId` with a distinct title (dashboard and leads tests). */
export function createCampaignRow(
  userId: string,
  overrides: { title?: string; status?: "active" | "paused" | "draft"; scanCount?: number; createdAt?: Date; businessType?: string } = {},
) {
  return createCampaign({ userId, ...overrides, title: overrides.title ?? `Campaign ${++counter}` });
}

export async function createLeadRow(campaignId: string, lead: { name: string; email: string; phone?: string | null; collectedAt?: Date }) {
  const { db } = await getServices();
  const [row] = await db
    .insert(schema.lead)
    .values({
      campaignId,
      name: lead.name,
      email: lead.email,
      phone: lead.phone ?? null,
      ...(lead.collectedAt ? { collectedAt: lead.collectedAt } : {}),
    })
    .returning({ id: schema.lead.id });
  return row!;
}

/** Scan rows at the given moments (the campaign's counter is left as it is). */
export async function createScanRows(campaignId: string, moments: Date[]) {
  const { db } = await getServices();
  if (moments.length === 0) return;
  await db.insert(schema.scan).values(moments.map((timestamp) => ({ campaignId, timestamp, deviceType: "mobile" as const })));
}
