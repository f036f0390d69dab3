import { getBusinessName } from "~/features/account/account.server";
import { listPlacements } from "~/features/placements/placements.server";
import { contentDisposition, FIELD_LIMITS } from "~/features/campaigns/campaigns";
import { loadCampaignLogo } from "~/features/campaigns/campaigns.server";
import { findQrTarget } from "~/features/qr/qr-code.server";
import { qrModules } from "~/features/qr/qr.server";
import type { Database } from "~/db/client.server";
import { refused } from "~/features/languages/owner/refusals";
import { DomainError, isDomainError } from "~/utils/domain-error";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { PLACEMENT_NAME_MAX } from "~/features/placements/placements.schema";
import { FORMAT_SPECS, type PrintCheck, printCheck, printableText, typedLink } from "./print";
import { printFontMetrics, unprintableCharacters } from "./print-fonts.server";
import { printLanguageChoices, printWordsIn } from "./print-languages.server";
import { planSheet, type PrintPlan, TextDoesNotFit, type TextRole } from "./print-layout";
import { prepareLogo, renderPlanPdf, withPdfSlot } from "./print-pdf.server";
import { type PrintOptions, PrintOptionsSchema } from "./print.schema";

const WHITE = "#FFFFFF";

/** The most of each text a sheet prints: the fields' own limits, so stored text never grows the work. */
const TEXT_LIMITS = { businessName: 100, offer: FIELD_LIMITS.discount, condition: FIELD_LIMITS.minOrder, title: FIELD_LIMITS.title } as const;

const ROLE_NAME: Record<TextRole, string> = {
  business: "business name",
  offer: "offer",
  condition: "condition",
  cta: "call to action",
  link: "link",
  label: "placement name",
};

/** The refusal of each option the schema words (the same English), for the owner's language. */
const OPTION_REFUSALS = {
  format: "print.options.format",
  paper: "print.options.paper",
  code: "print.options.code",
  background: "print.options.background",
  lang: "print.options.lang",
} as const;

/** Parses the print options from a URL query; DomainError `print_invalid` (400) with a sentence otherwise. */
export function parsePrintOptions(input: Record<string, unknown>): PrintOptions {
  const parsed = PrintOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? "");
  if (field in OPTION_REFUSALS) throw refused("print_invalid", OPTION_REFUSALS[field as keyof typeof OPTION_REFUSALS]);
  throw new DomainError("print_invalid", issue?.message ?? "These print options are not valid.");
}

function capped(text: string, limit: number, what: "title" | "business" | "offer" | "condition" | "placement") {
  if (text.length > limit) throw refused("print_invalid", `print.tooLong.${what}`, { limit });
  return text;
}

export type GetPrintSheetOptions = { userId: string; campaignId: string; options: PrintOptions; appOrigin: string };

export type PrintSheet = {
  campaign: { id: string; title: string; qrLogoUrl: string | null; design: { primary_color: string; secondary_color: string; text_color: string } };
  placement: { id: string; name: string } | null;
  placements: { id: string; name: string }[];
  /** The languages the sheet can print in (the page's first). */
  languageChoices: ReturnType<typeof printLanguageChoices>;
  codeColor: string;
  backgroundColor: string;
  check: PrintCheck;
  /** Null when the check refuses the text (it does not fit even at its smallest size). */
  plan: PrintPlan | null;
  logo: Buffer | null;
};

/** The campaign's logo prepared for the sheet; unreadable when one is set but cannot be drawn. */
async function loadPrintLogo(logoUrl: string | null, backgroundColor: string) {
  if (!logoUrl) return { logo: null, logoUnreadable: false };
  let logo: Buffer | null = null;
  try {
    const stored = await loadCampaignLogo(logoUrl);
    logo = stored ? await prepareLogo(stored, backgroundColor) : null;
  } catch (error) {
    logger.error({ err: error }, "Print: logo not readable");
  }
  return { logo, logoUnreadable: logo === null };
}

/**
 * Everything one printed sheet needs, and the print check on it: the page previews it, the PDF
 * route draws it. Null when the campaign or placement is not the owner's.
 */
export async function getPrintSheet(db: Database, { userId, campaignId, options, appOrigin }: GetPrintSheetOptions): Promise<PrintSheet | null> {
  const target = await findQrTarget(db, { userId, campaignId, placementId: options.placement, appOrigin });
  if (!target) return null;
  const { campaign, placement, url } = target;
  const codeColor = options.code ?? campaign.design.primary_color.toUpperCase();
  const backgroundColor = options.background ?? WHITE;

  const title = capped(printableText(campaign.title), TEXT_LIMITS.title, "title");
  const words = printWordsIn(campaign, options.lang);
  // A bilingual sheet prints each language's words: each within the field's limit.
  const each = words.languages.length;
  const raw = {
    businessName: capped(printableText(await getBusinessName(db, { userId })), TEXT_LIMITS.businessName, "business") || title,
    offer: capped(words.offer, TEXT_LIMITS.offer * each + 3, "offer"),
    condition: capped(words.condition, TEXT_LIMITS.condition * each + 3, "condition"),
    cta: words.cta,
    label: placement ? `${title} · ${capped(printableText(placement.name), PLACEMENT_NAME_MAX, "placement")}` : `${title} · campaign code`,
  };
  const missingCharacters = unprintableCharacters(Object.values(raw).join(" "));
  const printable = (text: string) =>
    [...text]
      .filter((character) => !missingCharacters.includes(character))
      .join("")
      .replace(/ {2,}/g, " ")
      .trim();

  const { logo, logoUnreadable } = await loadPrintLogo(campaign.qrLogoUrl, backgroundColor);

  let plan: PrintPlan | null = null;
  let tooLong: TextRole | null = null;
  try {
    plan = planSheet({
      format: options.format,
      paper: options.paper,
      content: {
        businessName: printable(raw.businessName),
        offer: printable(raw.offer),
        condition: printable(raw.condition),
        cta: printable(raw.cta),
        link: typedLink(url),
        label: printable(raw.label),
        hasLogo: logo !== null,
      },
      matrix: qrModules(url),
      codeColor,
      backgroundColor,
      fonts: printFontMetrics(),
    });
  } catch (error) {
    if (!(error instanceof TextDoesNotFit)) throw error;
    tooLong = error.role;
  }
  const check = printCheck({
    appOrigin,
    format: options.format,
    codeColor,
    backgroundColor,
    logoArea: plan?.logoArea ?? null,
    logoUnreadable,
    missingCharacters,
  });
  if (tooLong) {
    const refusal = `The ${ROLE_NAME[tooLong]} is too long to fit on a ${FORMAT_SPECS[options.format].label.toLowerCase()}. Shorten it, or choose a larger format.`;
    check.items.push({ id: "text", status: "refuse", text: refusal });
    check.canPrint = false;
    check.refusal ??= refusal;
  }
  return {
    campaign: { id: campaign.id, title: campaign.title, qrLogoUrl: campaign.qrLogoUrl, design: campaign.design },
    placement,
    placements: await listPlacements(db, { userId, campaignId: campaign.id }),
    languageChoices: printLanguageChoices(campaign),
    codeColor,
    backgroundColor,
    check,
    plan,
    logo,
  };
}

export type PrintPdfFile = { body: Uint8Array<ArrayBuffer>; contentType: string; contentDisposition: string };

/**
 * The print-ready PDF, or null when the campaign or placement is not the owner's. Spends the
 * owner's `printByUser` budget first; DomainError `print_refused` (422) when the print check
 * refuses, with its reason; `print_busy` (503) when this process has too many queued.
 */
export async function createPrintPdf(db: Database, options: GetPrintSheetOptions): Promise<PrintPdfFile | null> {
  try {
    await consumeRateLimit("printByUser", options.userId);
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    throw refused("rate_limited", "print.tooMany", {}, { retryAfterSeconds: error.retryAfterSeconds });
  }
  const sheet = await getPrintSheet(db, options);
  if (!sheet) return null;
  if (!sheet.check.canPrint || !sheet.plan) throw refused("print_refused", "print.refused", { reason: sheet.check.refusal ?? "" });
  const plan = sheet.plan;
  const name = `${sheet.campaign.title}${sheet.placement ? ` - ${sheet.placement.name}` : ""}`;
  const format = options.options.format;
  const pdf = await withPdfSlot(() => renderPlanPdf(plan, { title: `${name} (${FORMAT_SPECS[format].label})`, logo: sheet.logo }));
  return { body: new Uint8Array(pdf), contentType: "application/pdf", contentDisposition: contentDisposition(name, "pdf", format) };
}
