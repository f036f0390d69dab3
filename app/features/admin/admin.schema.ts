/* eslint-disable no-restricted-syntax -- the admin lists read their query string from the request. */
import { z } from "zod";
import { PLAN_GRANTS } from "~/features/billing/plan";
import { cleanInput } from "~/utils/text";

export const ROLES = ["user", "admin"] as const;
export const SUBSCRIPTION_STATUSES = ["active", "inactive", "canceled"] as const;
export const ROLE_FILTERS = ["all", ...ROLES] as const;
export const SUBSCRIPTION_FILTERS = ["all", ...SUBSCRIPTION_STATUSES, "none"] as const;

const UserIdSchema = z.string({ error: "Unknown user" }).trim().min(1, "Unknown user").max(64, "Unknown user");

/** List query strings: anything unexpected falls back to the default view rather than failing. */
export function listQuerySchema<F extends readonly [string, ...string[]]>(filters: F) {
  return z.object({
    q: z.string().transform(cleanInput).pipe(z.string().trim().max(200)).catch(""),
    filter: z.enum(filters).catch(filters[0]),
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
  });
}

export function readListQuery<F extends readonly [string, ...string[]]>(request: Request, filters: F, filterParam = "filter") {
  const params = new URL(request.url).searchParams;
  return listQuerySchema(filters).parse({
    q: params.get("q") ?? "",
    filter: params.get(filterParam) ?? filters[0],
    page: params.get("page") ?? 1,
  });
}

export const UserActionSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("setRole"), userId: UserIdSchema, role: z.enum(ROLES, { error: "Role must be user or admin" }) })],
  { error: "Unknown action" },
);

export const SubscriptionActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("setStatus"),
      userId: UserIdSchema,
      status: z.enum(SUBSCRIPTION_STATUSES, { error: "Status must be active, inactive or canceled" }),
    }),
    z.object({
      intent: z.literal("setPlan"),
      userId: UserIdSchema,
      plan: z.enum(PLAN_GRANTS, { error: "Plan must be Free, Pro or Enterprise" }),
    }),
  ],
  { error: "Unknown action" },
);
