// Rules: docs/features/campaigns-and-print.md ("Short links").
import { contentDisposition } from "~/features/campaigns/campaigns";
import { getCampaign, loadCampaignLogo } from "~/features/campaigns/campaigns.server";
import { getPlacement } from "~/features/placements/placements.server";
import type { Database } from "~/db/client.server";
import { refused, words, wordsIn } from "~/features/languages/owner/refusals";
import { isDomainError } from "~/utils/domain-error";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { shortLinkQrText } from "~/features/placements/short-links";
import { shortCodeOf } from "~/features/placements/short-links.server";
import { QR_MAX_SIZE, QR_MIN_SIZE, QR_SIZE, renderQrPng, renderQrSvg } from "./qr.server";

export type GetQrCodeOptions = {
  userId: string;
  campaignId: string;
  placementId?: string;
  format: "png" | "svg";
  /** The PNG's width and height in pixels, from `parseQrSize` (the SVG is a vector and ignores it). */
  size?: number;
  /** The public origin the code points at (APP_URL). */
  appOrigin: string;
};

export type QrCodeFile = { body: Uint8Array<ArrayBuffer> | string; contentType: string; contentDisposition: string };

export type FindQrTargetOptions = { userId: string; campaignId: string; placementId?: string; appOrigin: string };

/**
 * What an owner's printed code points at: the campaign (or one of its placements) and the URL the
 * code encodes. Every printed form of the code (PNG, SVG, PDF) takes its URL from here; null for
 * anyone else's or an unknown id.
 */
export async function findQrTarget(db: Database, { userId, campaignId, placementId, appOrigin }: FindQrTargetOptions) {
  const campaign = await getCampaign(db, { userId, campaignId });
  if (!campaign) return null;
  const placement = placementId === undefined ? null : await getPlacement(db, { userId, campaignId: campaign.id, placementId });
  if (placementId !== undefined && !placement) return null;
  return { campaign, placement, url: await qrCodeText(db, { campaignId: campaign.id, placementId: placement?.id, appOrigin }) };
}

/**
 * The owner's QR code for a campaign, or for one of its placements; null for anyone else's or an
 * unknown id. Each download spends the owner's `qrByUser` budget (DomainError `rate_limited`).
 */
export async function getQrCode(
  db: Database,
  { userId, campaignId, placementId, format, size, appOrigin }: GetQrCodeOptions,
): Promise<QrCodeFile | null> {
  try {
    await consumeRateLimit("qrByUser", userId);
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    throw refused("rate_limited", "qr.tooMany", {}, { retryAfterSeconds: error.retryAfterSeconds });
  }
  const target = await findQrTarget(db, { userId, campaignId, placementId, appOrigin });
  if (!target) return null;
  const { campaign, placement, url: text } = target;
  let logo = null;
  try {
    logo = await loadCampaignLogo(campaign.qrLogoUrl);
  } catch (error) {
    logger.error({ err: error }, "QR Code generation error: logo not readable");
  }
  const disposition = contentDisposition(placement ? `${campaign.title} - ${placement.name}` : campaign.title, format);
  if (format === "png")
    return { body: new Uint8Array(await renderQrPng(text, logo, size)), contentType: "image/png", contentDisposition: disposition };
  return { body: await renderQrSvg(text, logo), contentType: "image/svg+xml; charset=utf-8", contentDisposition: disposition };
}

/**
 * What a campaign's or placement's printed code encodes: its short link, created on
 * first use. Every QR code (PNG, SVG, print page, PDF) takes its text from here. The caller has
 * checked that the user owns the campaign and the placement.
 */
export async function qrCodeText(db: Database, target: { campaignId: string; placementId?: string | null; appOrigin: string }) {
  return shortLinkQrText(target.appOrigin, await shortCodeOf(db, target));
}

export const QR_SIZE_INVALID = wordsIn(words("qr.sizeInvalid", { min: QR_MIN_SIZE, max: QR_MAX_SIZE }));

/** The `size` query parameter of a QR download: absent is the screen size; anything else must be in range. */
export function parseQrSize(raw: string | null): number {
  if (raw === null) return QR_SIZE;
  const size = /^\d{1,5}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(size >= QR_MIN_SIZE && size <= QR_MAX_SIZE)) throw refused("qr_size_invalid", "qr.sizeInvalid", { min: QR_MIN_SIZE, max: QR_MAX_SIZE });
  return size;
}
