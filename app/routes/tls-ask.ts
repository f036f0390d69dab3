// Rules: docs/features/domains.md ("What a name serves").
import { answerTlsAsk } from "~/features/domains/tls-ask.server";
import { CLIENT_IP_HEADER, textResponse } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/tls-ask";

// Caddy's on-demand TLS question: 200 means "get a certificate for this name".
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { db, env } = await getServices();
  const answer = await answerTlsAsk(db, env, {
    clientAddress: request.headers.get(CLIENT_IP_HEADER) ?? "",
    domain: url.searchParams.get("domain"),
    token: url.searchParams.get("token"),
  });
  return textResponse(answer.body, answer.status, { "Cache-Control": "no-store" });
}
