// Reading account emails from the outbox and opening their links the way a browser would.
import { and, desc, eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import * as resetPassword from "~/routes/reset-password";
import * as verifyEmail from "~/routes/verify-email";
import { getServices } from "~/utils/services.server";
import { callRoute, makeRequest } from "./http";

type Kind = (typeof schema.emailOutbox.$inferSelect)["kind"];

export async function outboxFor(to: string) {
  const { db } = await getServices();
  return db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).orderBy(schema.emailOutbox.createdAt);
}

/** The link of the newest email of `kind` to `to` (from its plain-text part). */
export async function linkFromOutbox(kind: Kind, to: string) {
  const { db } = await getServices();
  const [row] = await db
    .select({ text: schema.emailOutbox.text })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.kind, kind), eq(schema.emailOutbox.to, to)))
    .orderBy(desc(schema.emailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no ${kind} email to ${to}`);
  const link = /https?:\/\/\S+?\/(?:verify-email|reset-password)\?token=[^\s]+/.exec(row.text)?.[0];
  if (!link) throw new Error(`no link in the ${kind} email`);
  return new URL(link);
}

/** Opens a verification / change link (GET /verify-email?token=…); returns the loader's result. */
export async function openLink(link: URL, cookie?: string) {
  const path = link.pathname + link.search;
  const route = link.pathname === "/reset-password" ? resetPassword : verifyEmail;
  return callRoute(route.loader, makeRequest(path, { cookie }));
}
