import { handleStripeWebhook } from "~/features/billing/webhooks.server";
import type { Route } from "./+types/webhooks.stripe";

export const loader = () => new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
  return handleStripeWebhook(request);
}
