// Test and seed data builders. They go through the same code paths users do where it matters.
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { signUp } from "~/features/auth/auth-actions.server";
import { getServices } from "~/utils/services.server";
import { cookieFrom, makeRequest } from "./http";

let counter = 0;

export function uniqueEmail(prefix = "owner") {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}@example.com`;
}

export const DEFAULT_PASSWORD = "correct-horse-battery";

/** Signs a new account up through the real sign-up action; returns its id and session cookie. */
export async function createUser(options: { email?: string; password?: string; role?: "user" | "admin"; isPro?: boolean } = {}) {
  const email = options.email ?? uniqueEmail();
  const response = (await signUp(
    makeRequest("/signup", {
      form: { email, password: options.password ?? DEFAULT_PASSWORD },
      // Each test account signs up from its own address, clear of the sign-up rate limit.
      headers: { "x-leadqr-client-ip": `198.51.100.${counter % 250}-${counter}` },
    }),
  )) as Response;
  if (!(response instanceof Response) || response.status !== 302) throw new Error(`sign-up failed for ${email}`);
  const { db } = await getServices();
  const [row] = await db.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  if (options.role || options.isPro) {
    await db
      .update(schema.user)
      .set({ ...(options.role ? { role: options.role } : {}), ...(options.isPro ? { isPro: true } : {}) })
      .where(eq(schema.user.id, row!.id));
  }
  return { id: row!.id, email, cookie: cookieFrom(response) };
}
