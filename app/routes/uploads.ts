import { readLocalUpload } from "~/features/uploads/storage.server";
import type { Route } from "./+types/uploads";

export async function loader({ params }: Route.LoaderArgs) {
  const file = await readLocalUpload(params["*"] ?? "");
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "cross-origin",
    },
  });
}
