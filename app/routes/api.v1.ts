import { handleApiRequest } from "~/features/api/api.server";
import type { Route } from "./+types/api.v1";

// The public REST API: API-key auth only, JSON in and out (see /docs/api).
export function loader({ request }: Route.LoaderArgs) {
  return handleApiRequest(request);
}

export function action({ request }: Route.ActionArgs) {
  return handleApiRequest(request);
}
