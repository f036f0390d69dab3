// Rows the admin and blog tests need, inserted directly (the features that create them are tested elsewhere).
import crypto from "node:crypto";
import { PNG } from "pngjs";
import * as schema from "~/db/schema";
import { getServices } from "~/utils/services.server";

export async function insertPost(values: Partial<typeof schema.blogPost.$inferInsert> & { title: string }) {
  const { db } = await getServices();
  const [row] = await db
    .insert(schema.blogPost)
    .values({ slug: `post-${crypto.randomUUID()}`, content: "Body", ...values })
    .returning();
  return row!;
}

export async function insertSubscription(userId: string, values: Partial<typeof schema.subscription.$inferInsert> = {}) {
  const { db } = await getServices();
  const [row] = await db
    .insert(schema.subscription)
    .values({ userId, status: "active", stripeCustomerId: `cus_${crypto.randomBytes(6).toString("hex")}`, ...values })
    .returning();
  return row!;
}

export function pngFile(name = "banner.png", width = 4, height = 2) {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return new File([new Uint8Array(PNG.sync.write(png))], name, { type: "image/png" });
}
