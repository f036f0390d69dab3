// Rules: docs/features/campaigns-and-print.md ("Campaign fields and validation", "The print kit");
//   docs/features/counting.md ("Conversion").
import type { BadgeColor } from "~/components/ui/badge";
import { DEFAULT_DESIGN, type CampaignDesign } from "~/db/campaign-design";

export { backgroundGradient, DEFAULT_DESIGN } from "~/db/campaign-design";

/** The business types, verbatim and in order, Other last: 62 names. */
export const BUSINESS_TYPES = [
  "Restaurant",
  "Food Truck",
  "Coffee Shop",
  "Bakery",
  "Bar/Pub",
  "Fast Food",
  "Salon/Spa",
  "Barbershop",
  "Nail Salon",
  "Massage Therapy",
  "Beauty Clinic",
  "Gym/Fitness",
  "Yoga Studio",
  "Personal Training",
  "Dance Studio",
  "Martial Arts",
  "Boutique",
  "Clothing Store",
  "Jewelry Store",
  "Gift Shop",
  "Bookstore",
  "Auto Repair",
  "Plumbing",
  "Electrical",
  "HVAC",
  "Cleaning Service",
  "Landscaping",
  "Real Estate",
  "Insurance",
  "Legal Services",
  "Accounting",
  "Consulting",
  "Dental Office",
  "Medical Clinic",
  "Veterinary",
  "Pharmacy",
  "Optometry",
  "Hotel/Motel",
  "B&B",
  "Event Venue",
  "Wedding Services",
  "Photography",
  "Pet Grooming",
  "Pet Store",
  "Daycare",
  "Tutoring",
  "Music Lessons",
  "Hardware Store",
  "Electronics",
  "Furniture",
  "Home Decor",
  "Florist",
  "Non-Profit",
  "Church",
  "Community Center",
  "Library",
  "Museum",
  "Pop-up Shop",
  "Market Stall",
  "Food Cart",
  "Mobile Service",
  "Other",
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** The wizard's colour presets (primary / secondary), names shown verbatim. */
export const COLOR_PRESETS = [
  { id: "ocean-blue", name: "Ocean Blue", primary: DEFAULT_DESIGN.primary_color, secondary: DEFAULT_DESIGN.secondary_color },
  { id: "sunset-orange", name: "Sunset Orange", primary: "#EA580C", secondary: "#FB923C" },
  { id: "forest-green", name: "Forest Green", primary: "#059669", secondary: "#10B981" },
  { id: "royal-purple", name: "Royal Purple", primary: "#7C3AED", secondary: "#A855F7" },
  { id: "rose-pink", name: "Rose Pink", primary: "#E11D48", secondary: "#F43F5E" },
  { id: "cyber-teal", name: "Cyber Teal", primary: "#0891B2", secondary: "#06B6D4" },
] as const;
export type ColorPresetId = (typeof COLOR_PRESETS)[number]["id"];

export const BUTTON_STYLES = ["rounded", "square", "pill"] as const satisfies readonly CampaignDesign["button_style"][];
export const FONT_STYLES = ["modern", "classic", "bold"] as const satisfies readonly CampaignDesign["font_style"][];
export const LAYOUTS = ["centered", "split", "minimal"] as const satisfies readonly CampaignDesign["layout"][];
export type ButtonStyle = (typeof BUTTON_STYLES)[number];
export type FontStyle = (typeof FONT_STYLES)[number];
export type Layout = (typeof LAYOUTS)[number];
export const CAMPAIGN_STATUSES = ["active", "paused", "draft"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The colour of a campaign's status pill wherever it shows. */
export const CAMPAIGN_STATUS_COLOR: Record<CampaignStatus, BadgeColor> = { active: "green", paused: "yellow", draft: "gray" };

export const FIELD_LIMITS = { title: 100, discount: 200, minOrder: 200, aiHeadline: 200, aiThankyou: 600 } as const;

export function presetOfColors(primary: string, secondary: string) {
  return COLOR_PRESETS.find(
    (preset) => preset.primary.toLowerCase() === primary.toLowerCase() && preset.secondary.toLowerCase() === secondary.toLowerCase(),
  );
}

/** Leads ÷ scans × 100, one decimal; 0 when either count is missing or zero. */
export function conversionRate(leads: number | null | undefined, scans: number | null | undefined) {
  if (!leads || !scans || !Number.isFinite(leads) || !Number.isFinite(scans)) return 0;
  return Math.round((leads / scans) * 1000) / 10;
}

/**
 * Conversion, the one definition: unique visitors who became leads ÷ unique
 * visitors, × 100, one decimal. `converted` counts a subset of the unique visitors (a browser's
 * unique scan whose browser left a lead), so the rate is at most 100 % by construction; the
 * dashboard, campaign page, analytics page and API all take it from here.
 */
export function conversionOf(converted: number | null | undefined, uniqueVisitors: number | null | undefined) {
  return conversionRate(converted, uniqueVisitors);
}

/** The campaign's public link (shared as a link, it counts as a `link` visit). */
export function captureUrl(appOrigin: string, campaignId: string) {
  return `${appOrigin.replace(/\/+$/, "")}/capture/${campaignId}`;
}

/**
 * What a printed QR code encodes: the link plus `s=qr`, so loads from the code are told apart
 * from the link shared elsewhere, and `p=<placementId>` for a placement's own code.
 */
export function qrCodeUrl(appOrigin: string, campaignId: string, placementId?: string | null) {
  return `${captureUrl(appOrigin, campaignId)}?${qrScanParams(placementId)}`;
}

/** The query a load from a printed code carries; a short link (`/q/{code}`) stands for the same. */
export function qrScanParams(placementId?: string | null) {
  const params = new URLSearchParams({ s: "qr" });
  if (placementId) params.set("p", placementId);
  return params;
}

/** The print page for the campaign's own code, or for one placement's. */
export function printPageUrl(campaignId: string, placementId?: string | null) {
  return `/campaigns/${campaignId}/print${placementId ? `?${new URLSearchParams({ placement: placementId })}` : ""}`;
}

/**
 * `{title}-qr-code.{ext}` (or another `kind`: `-poster.pdf`) reduced to characters every file
 * system and header accepts; the original title still travels in the RFC 5987 `filename*` parameter.
 */
export function qrFileName(title: string, extension: "png" | "svg" | "pdf", kind = "qr-code") {
  const base =
    title
      .normalize("NFKD")
      .replace(/[^\w .-]+/g, "")
      .replace(/\s+/g, " ")
      .replace(/^[\s.-]+|[\s.-]+$/g, "")
      .slice(0, 80)
      .trim() || "campaign";
  return `${base}-${kind}.${extension}`;
}

export function contentDisposition(title: string, extension: "png" | "svg" | "pdf", kind = "qr-code") {
  const ascii = qrFileName(title, extension, kind);
  const full = `${
    title
      .replace(/[\u0000-\u001f\u007f/\\]+/g, " ")
      .trim()
      .slice(0, 100) || "campaign"
  }-${kind}.${extension}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

export { containsPattern, isUuid, UUID_PATTERN } from "~/utils/text";

// Interface agreed between the campaigns screen and the dashboard; the campaigns feature implements it.
export type CampaignSummary = {
  id: string;
  title: string;
  businessType: string;
  status: "active" | "paused" | "draft";
  aiHeadline: string;
  scans: number;
  leads: number;
  /** Unique visitors and those of them who became leads: the card's conversion (`conversionOf`). */
  visitors: number;
  converted: number;
  /** Offer codes redeemed at the counter. */
  redeemed?: number;
  /** For a member: another location shows it too, so it is read-only for them (docs/features/team.md). */
  shared?: boolean;
};

/** The wizard's values a live preview of the capture page is drawn from (the route supplies the preview). */
export type PreviewValues = {
  title: string;
  discount: string;
  minOrder: string;
  aiHeadline: string;
  aiThankyou: string;
  primaryColor: string;
  secondaryColor: string;
  textColor: string;
  buttonStyle: string;
  fontStyle: string;
  layout: string;
  qrLogoUrl: string;
  consentMode: string;
  offerRequiresConsent: string;
};
