// Mailchimp's Marketing API 3.0 as a real account answers it, for sync-support.ts's stand-in:
// audiences paged with `count` (10 by default, 1,000 at most) and `offset` and their `total_items`;
// members with required merge fields refused unless `skip_merge_validation=true`; an unsubscribed
// or cleaned member refused `subscribed` ("Member In Compliance State"); a permanently deleted
// address refused ("Forgotten Email Not Subscribed"); marketing permissions, notes, tags,
// delete-permanent; and at most 10 calls of one account at once, the 11th answered 429
// "Too Many Requests". Refusals are problem documents shaped as Mailchimp's.

export type StandInReply = { status: number; body?: unknown; headers?: Record<string, string> };

export type MailchimpMember = {
  status: string;
  email: string;
  fields: Record<string, string>;
  tags: string[];
  permissions: Record<string, boolean>;
  /** Mailchimp's consent fields as sent: ip_signup, timestamp_signup, ip_opt, timestamp_opt, language. */
  signup: Record<string, string>;
};

export type MailchimpList = {
  id: string;
  name: string;
  /** A GDPR-enabled audience's marketing permissions (its channels). */
  permissions?: Array<{ id: string; text: string }>;
  /** Merge tags the audience requires (LNAME, ADDRESS…). */
  required?: string[];
};

/** Mailchimp's limit of simultaneous connections per account. */
export const MAILCHIMP_CONNECTION_LIMIT = 10;

export function mailchimpStandInState() {
  return {
    lists: [{ id: "list-cafe", name: "Café regulars" }] as MailchimpList[],
    tokens: new Set<string>(),
    members: new Map<string, MailchimpMember>(),
    notes: [] as Array<{ key: string; note: string }>,
    /** `list/hash` of addresses permanently deleted (delete-permanent): never imported again. */
    forgotten: new Set<string>(),
    /** How long each API call takes to answer, so calls overlap as they do against the real service. */
    latencyMs: 0,
    /** Calls in flight per access token, the most seen at once, and the calls refused for going past the limit. */
    inFlight: new Map<string, number>(),
    mostInFlight: 0,
    tooMany: 0,
  };
}

export type MailchimpStandIn = ReturnType<typeof mailchimpStandInState>;

const problem = (status: number, title: string, detail: string, extra: Record<string, unknown> = {}): StandInReply => ({
  status,
  headers: { "content-type": "application/problem+json; charset=utf-8" },
  body: { type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: crypto.randomUUID(), ...extra },
});

/**
 * Counts an API call in flight for its account: past the limit it is answered 429 at once, as
 * Mailchimp does. `done` is called when the answer has gone out.
 */
export function admitMailchimpCall(state: MailchimpStandIn, auth: string): { refused?: StandInReply; done: () => void } {
  const now = (state.inFlight.get(auth) ?? 0) + 1;
  state.inFlight.set(auth, now);
  const done = () => state.inFlight.set(auth, (state.inFlight.get(auth) ?? 1) - 1);
  if (now > MAILCHIMP_CONNECTION_LIMIT) {
    state.tooMany++;
    return { refused: problem(429, "Too Many Requests", "You have exceeded the limit of 10 simultaneous connections."), done };
  }
  state.mostInFlight = Math.max(state.mostInFlight, now);
  return { done };
}

type Asked = { method: string; path: string; query: URLSearchParams; json: Record<string, unknown> };

/** Answers `/3.0/…` (the path after the account's `api_endpoint`), or null for a path it does not serve. */
export function mailchimpApi(state: MailchimpStandIn, { method, path, query, json }: Asked): StandInReply | null {
  if (method === "GET" && path === "/lists") return listsPage(state, query);
  const member = path.match(/^\/lists\/([^/]+)\/members\/([0-9a-f]{32})(\/notes|\/tags|\/actions\/delete-permanent)?$/);
  if (!member) return problem(404, "Resource Not Found", "The requested resource could not be found.");
  const [, listId, hash, tail] = member;
  const list = state.lists.find((entry) => entry.id === listId);
  if (!list) return problem(404, "Resource Not Found", "The requested resource could not be found.");
  const key = `${listId}/${hash}`;
  const existing = state.members.get(key);
  if (tail) return memberAction(state, { method, tail, key, existing, json });
  const body = (entry: MailchimpMember) => memberBody(hash!, list, entry);
  if (method === "GET")
    return existing ? { status: 200, body: body(existing) } : problem(404, "Resource Not Found", "The requested resource could not be found.");
  if (method === "PUT") return putMember(state, { key, list, existing, json, skipValidation: query.get("skip_merge_validation") === "true", body });
  if (method === "PATCH") {
    if (!existing) return problem(404, "Resource Not Found", "The requested resource could not be found.");
    if (json.status === "subscribed" && refusesSubscribing(existing)) return inCompliance(existing.email);
    existing.status = String(json.status ?? existing.status);
    for (const permission of (json.marketing_permissions ?? []) as Array<{ marketing_permission_id: string; enabled: boolean }>)
      existing.permissions[permission.marketing_permission_id] = permission.enabled;
    return { status: 200, body: body(existing) };
  }
  return problem(405, "Method Not Allowed", "The requested method and resource are not compatible.");
}

/** GET /lists: `count` (default 10, at most 1,000) audiences from `offset`, with `total_items`. */
function listsPage(state: MailchimpStandIn, query: URLSearchParams): StandInReply {
  const count = Number(query.get("count") ?? 10);
  const offset = Number(query.get("offset") ?? 0);
  if (!Number.isInteger(count) || count < 1 || count > 1000 || !Number.isInteger(offset) || offset < 0)
    return problem(400, "Invalid Resource", "The resource submitted could not be validated.", {
      errors: [{ field: "count", message: "count must be between 1 and 1000" }],
    });
  const lists = state.lists.slice(offset, offset + count).map(({ id, name }) => ({ id, name }));
  return { status: 200, body: { lists, total_items: state.lists.length } };
}

const refusesSubscribing = (member: MailchimpMember) => member.status === "unsubscribed" || member.status === "cleaned";
const inCompliance = (email: string) =>
  problem(
    400,
    "Member In Compliance State",
    `${email} is in a compliance state due to unsubscribe, bounce, or compliance review and cannot be subscribed.`,
  );

type Put = {
  key: string;
  list: MailchimpList;
  existing: MailchimpMember | undefined;
  json: Record<string, unknown>;
  skipValidation: boolean;
  body: (entry: MailchimpMember) => unknown;
};

/** PUT a member: add (`status_if_new`) or update (`status` only when sent), as Mailchimp validates it. */
function putMember(state: MailchimpStandIn, { key, list, existing, json, skipValidation, body }: Put): StandInReply {
  const email = String(json.email_address);
  if (!existing && state.forgotten.has(key))
    return problem(
      400,
      "Forgotten Email Not Subscribed",
      `${email} was permanently deleted and cannot be re-imported. The contact must re-subscribe to get back on the list.`,
    );
  if (!existing && typeof json.status_if_new !== "string")
    return problem(400, "Invalid Resource", "The resource submitted could not be validated. For field-specific details, see the 'errors' array.", {
      errors: [{ field: "status_if_new", message: "This value should not be blank." }],
    });
  if (existing && json.status === "subscribed" && refusesSubscribing(existing)) return inCompliance(existing.email);
  const fields = { ...existing?.fields, ...((json.merge_fields ?? {}) as Record<string, string>) };
  const missing = skipValidation ? [] : (list.required ?? []).filter((tag) => !String(fields[tag] ?? "").trim());
  if (missing.length > 0)
    return problem(400, "Invalid Resource", "Your merge fields were invalid.", {
      errors: missing.map((field) => ({ field, message: "Please enter a value" })),
    });
  const signup = Object.fromEntries(
    ["ip_signup", "timestamp_signup", "ip_opt", "timestamp_opt", "language"]
      .filter((name) => typeof json[name] === "string")
      .map((name) => [name, String(json[name])]),
  );
  const stored: MailchimpMember = {
    status: existing ? String(json.status ?? existing.status) : String(json.status_if_new),
    email,
    fields,
    tags: existing?.tags ?? [],
    permissions: existing?.permissions ?? {},
    signup: { ...existing?.signup, ...signup },
  };
  state.members.set(key, stored);
  return { status: 200, body: body(stored) };
}

type Action = { method: string; tail: string; key: string; existing: MailchimpMember | undefined; json: Record<string, unknown> };

function memberAction(state: MailchimpStandIn, { method, tail, key, existing, json }: Action): StandInReply {
  if (method !== "POST") return problem(405, "Method Not Allowed", "The requested method and resource are not compatible.");
  if (!existing) return problem(404, "Resource Not Found", "The requested resource could not be found.");
  if (tail === "/notes") {
    state.notes.push({ key, note: String(json.note) });
    return { status: 200, body: { id: state.notes.length, note: json.note } };
  }
  if (tail === "/tags") {
    for (const tag of (json.tags ?? []) as Array<{ name: string; status: string }>)
      if (tag.status === "active" && !existing.tags.includes(tag.name)) existing.tags.push(tag.name);
    return { status: 204 };
  }
  // delete-permanent: gone, and never imported again.
  state.members.delete(key);
  state.forgotten.add(key);
  return { status: 204 };
}

function memberBody(hash: string, list: MailchimpList, entry: MailchimpMember) {
  return {
    id: hash,
    email_address: entry.email,
    status: entry.status,
    merge_fields: entry.fields,
    ...entry.signup,
    ...(list.permissions
      ? {
          marketing_permissions: list.permissions.map((permission) => ({
            marketing_permission_id: permission.id,
            text: permission.text,
            enabled: entry.permissions[permission.id] ?? false,
          })),
        }
      : {}),
  };
}
