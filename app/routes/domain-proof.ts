// Rules: docs/features/domains.md ("HTTPS live means we reached ourselves").
import { domainProofOf } from "~/features/domains/https-check.server";
import { textResponse } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/domain-proof";

// This installation's answer for the name it was reached on: "HTTPS live" compares it.
export async function loader({ request }: Route.LoaderArgs) {
  const { secret } = await getServices();
  return textResponse(domainProofOf(new URL(request.url).hostname.toLowerCase(), secret), 200, { "Cache-Control": "no-store" });
}
