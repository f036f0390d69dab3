import { and, eq } from "drizzle-orm";
import { user } from "~/db/schema";
import { getServices } from "~/utils/services.server";

/** Makes an existing account an admin; false when no account has this email. */
export async function promoteToAdmin(email: string) {
  const { db } = await getServices();
  const rows = await db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(eq(user.email, email.toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** ADMIN_EMAILS applies to an account only once it has proven it owns the address. */
export async function promoteVerifiedAdmin(email: string) {
  const { db } = await getServices();
  await db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(and(eq(user.email, email.toLowerCase()), eq(user.emailVerified, true)));
}
