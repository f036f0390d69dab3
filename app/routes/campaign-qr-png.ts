import { qrCodeResponse } from "~/features/qr/qr-response.server";
import type { Route } from "./+types/campaign-qr-png";

export async function loader({ request, params }: Route.LoaderArgs) {
  return qrCodeResponse(request, params.campaignId, "png");
}
