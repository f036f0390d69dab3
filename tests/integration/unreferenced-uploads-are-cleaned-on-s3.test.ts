// The upload cleanup with S3-compatible storage: the object is deleted from the bucket, then its row.
// A minimal local stand-in records the SDK's PUT and DELETE requests (path-style addressing).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { deleteUnreferencedUploads } from "~/features/uploads/cleanup.server";
import * as logoRoute from "~/routes/api.logo";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { pngFile } from "../support/admin-support";

const objects = new Map<string, number>();
const deletes: string[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const key = decodeURIComponent(new URL(request.url!, "http://s3").pathname.replace(/^\/bucket\//, ""));
      if (request.method === "PUT") {
        objects.set(key, Buffer.concat(chunks).length);
        response.writeHead(200, { ETag: '"etag"' }).end();
      } else if (request.method === "DELETE") {
        deletes.push(key);
        objects.delete(key);
        response.writeHead(204).end();
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Read once by getEnv(), which nothing has called yet in this file's process.
  Object.assign(process.env, {
    S3_BUCKET: "bucket",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "test",
    S3_SECRET_ACCESS_KEY: "test",
    S3_PUBLIC_URL: `${endpoint}/bucket`,
  });
});
afterAll(() => new Promise<void>((resolve) => server?.close(() => resolve())));

it("deletes the unreferenced object from the bucket and keeps the referenced one", async () => {
  const owner = await createUser();
  const upload = async () => {
    const result = await callRoute(logoRoute.action, makeRequest("/api/logo", { cookie: owner.cookie, form: { logo: pngFile("logo.png", 30, 30) } }));
    expect(result.status).toBe(200);
    return result.data.url;
  };
  const used = await upload();
  const orphan = await upload();
  expect(used).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bucket\/qr-logos\//);
  const key = (url: string) => url.replace(/^.*\/bucket\//, "");
  expect([...objects.keys()].sort()).toEqual([key(used), key(orphan)].sort());
  await createCampaignRow(owner.id, { qrLogoUrl: used });
  const { db } = await getServices();
  await db.execute(sql`update upload set created_at = now() - interval '2 days'`);

  expect(await deleteUnreferencedUploads(db)).toEqual([key(orphan)]);
  expect(deletes).toEqual([key(orphan)]);
  expect([...objects.keys()]).toEqual([key(used)]);
});
