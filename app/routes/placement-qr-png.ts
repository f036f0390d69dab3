import { qrCodeResponse } from "~/features/qr/qr-response.server";
import type { Route } from "./+types/placement-qr-png";

export async function loader({ request, params }: Route.LoaderArgs) {
  return qrCodeResponse(request, params.campaignId, "png", params.placementId);
}
