import { requireUser } from "~/features/auth/session.server";
import { contentDisposition, qrCodeUrl } from "~/features/campaigns/campaigns";
import { getCampaign, loadCampaignLogo } from "~/features/campaigns/campaigns.server";
import { getPlacement } from "~/features/analytics/placements.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { renderQrPng, renderQrSvg } from "./qr.server";
import { isDomainError } from "~/utils/domain-error";

const notFoundResponse = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

/**
 * The owner's QR code for a campaign, or for one of its placements, as a download; 404 for
 * anyone else's or an unknown id.
 */
export async function qrCodeResponse(request: Request, campaignId: string | undefined, format: "png" | "svg", placementId?: string) {
  const sessionUser = await requireUser(request);
  try {
    await consumeRateLimit("qrByUser", sessionUser.id);
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    return new Response("Too many QR code downloads. Please wait a moment and try again.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(error.retryAfterSeconds) },
    });
  }
  const { db, env } = await getServices();
  const campaign = await getCampaign(db, { userId: sessionUser.id, campaignId: campaignId ?? "" });
  if (!campaign) return notFoundResponse();
  const placement = placementId === undefined ? null : await getPlacement(db, { userId: sessionUser.id, campaignId: campaign.id, placementId });
  if (placementId !== undefined && !placement) return notFoundResponse();
  let logo = null;
  try {
    logo = await loadCampaignLogo(campaign.qrLogoUrl);
  } catch (error) {
    logger.error({ err: error }, "QR Code generation error: logo not readable");
  }
  const text = qrCodeUrl(env.appOrigin, campaign.id, placement?.id);
  const headers = {
    "Content-Disposition": contentDisposition(placement ? `${campaign.title} - ${placement.name}` : campaign.title, format),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (format === "png") {
    const png = await renderQrPng(text, logo);
    return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png", "Content-Length": String(png.length) } });
  }
  const svg = await renderQrSvg(text, logo);
  return new Response(svg, {
    headers: {
      ...headers,
      "Content-Type": "image/svg+xml; charset=utf-8",
      // Opened directly, the SVG may show its embedded logo but run nothing.
      "Content-Security-Policy": "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    },
  });
}
