// The rows tests and the seed build (tests/support/factories.ts, seed.server.ts): one set of defaults, so
// demo data and test data look alike. Pure: each returns the values of one insert.
import { DEFAULT_DESIGN, type campaign, type lead } from "~/db/schema";

type CampaignStatus = (typeof campaign.$inferInsert)["status"];

export type CampaignRowOptions = {
  userId: string;
  title?: string;
  businessType?: string;
  discount?: string;
  minOrder?: string;
  aiHeadline?: string;
  aiThankyou?: string;
  status?: CampaignStatus;
  design?: Partial<typeof DEFAULT_DESIGN>;
  qrLogoUrl?: string | null;
  scanCount?: number;
  createdAt?: Date;
};

export function campaignRow(options: CampaignRowOptions): typeof campaign.$inferInsert {
  return {
    id: crypto.randomUUID(),
    userId: options.userId,
    title: options.title ?? "Summer Special",
    businessType: options.businessType ?? "Coffee Shop",
    discount: options.discount ?? "20% off",
    minOrder: options.minOrder ?? "any order over $10",
    aiHeadline: options.aiHeadline ?? "Get 20% Off Your Next Coffee Today",
    aiThankyou: options.aiThankyou ?? "Thanks for joining us! Show this screen at the counter to claim your discount.",
    status: options.status ?? "active",
    qrLogoUrl: options.qrLogoUrl ?? null,
    design: { ...DEFAULT_DESIGN, ...options.design },
    scanCount: options.scanCount ?? 0,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  };
}

export type LeadRowOptions = { name: string; email: string; phone?: string | null; collectedAt?: Date };

export function leadRow(campaignId: string, options: LeadRowOptions): typeof lead.$inferInsert {
  return {
    campaignId,
    name: options.name,
    email: options.email,
    phone: options.phone ?? null,
    ...(options.collectedAt ? { collectedAt: options.collectedAt } : {}),
  };
}
