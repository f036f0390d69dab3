import { getServices } from "~/utils/services.server";
import { logger } from "~/utils/logger.server";

// Public: says only whether the service can answer, nothing about what runs behind it.
export async function loader() {
  try {
    const { database } = await getServices();
    if (await database.ping()) return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
  }
  return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
}
