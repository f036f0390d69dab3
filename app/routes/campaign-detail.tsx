import { requireUser } from "~/features/auth/session.server";
import { notFound } from "~/utils/http.server";
import type { Route } from "./+types/campaign-detail";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  notFound();
}

export default function CampaignDetail() {
  return null;
}
