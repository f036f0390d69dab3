import { getServices } from "~/utils/services.server";
import { logger } from "~/utils/logger.server";

export async function loader() {
  try {
    const { database } = await getServices();
    if (await database.ping()) {
      return Response.json({ status: "ok", database: database.kind }, { headers: { "Cache-Control": "no-store" } });
    }
  } catch (error) {
    logger.error({ err: error }, "health check failed");
  }
  return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
}
