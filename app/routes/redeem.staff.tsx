import { controlClass } from "~/components/ui/input";
import { buttonClass } from "~/components/ui/button";
import { Link2, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/features/auth/session.server";
import { listCampaigns } from "~/features/campaigns/campaigns.server";
import { createStaffAccess, listStaffAccess, revokeStaffAccess } from "~/features/redeem/redeem.server";
import { formFields, parseFields, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { formatDateTime } from "~/features/redeem/offer";
import type { Route } from "./+types/redeem.staff";

const StaffLinkSchema = z.object({
  label: z.string({ error: "Please name this link" }).trim().min(1, "Please name this link").max(60, "Name must be at most 60 characters"),
  campaignId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .pipe(z.uuid("Please choose a campaign from the list").nullable()),
});

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await getServices();
  const timeZone = await getTimeZone(request);
  const [links, campaigns] = await Promise.all([listStaffAccess(db, { userId: user.id }), listCampaigns(db, { userId: user.id })]);
  return {
    links: links.map((link) => ({
      id: link.id,
      label: link.label,
      scope: link.campaignTitle ?? "All campaigns",
      created: formatDateTime(link.createdAt, timeZone),
      lastUsed: link.lastUsedAt ? formatDateTime(link.lastUsedAt, timeZone) : "Never",
    })),
    campaigns: campaigns.map((campaign) => ({ id: campaign.id, title: campaign.title })),
  };
}

type ActionData = { created?: { label: string; url: string }; fieldErrors?: Record<string, string>; message?: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const { db, env } = await getServices();
  const fields = formFields(await readForm(request));
  if (fields.intent === "revoke") {
    const revoked = await revokeStaffAccess(db, { userId: user.id, staffAccessId: fields.staffAccessId ?? "" });
    return data<ActionData>(
      { message: revoked ? "Link revoked. It stops working at once." : "This link no longer exists." },
      { status: revoked ? 200 : 404 },
    );
  }
  if (fields.intent !== "create") return data<ActionData>({ message: "Unknown action." }, { status: 400 });
  const parsed = parseFields(StaffLinkSchema, fields);
  if (!parsed.ok)
    return data<ActionData>({ fieldErrors: (parsed.response.data as { fieldErrors: Record<string, string> }).fieldErrors }, { status: 400 });
  const created = await createStaffAccess(db, { userId: user.id, label: parsed.value.label, campaignId: parsed.value.campaignId });
  if (!created) return data<ActionData>({ fieldErrors: { campaignId: "Please choose a campaign from the list" } }, { status: 400 });
  return data<ActionData>({ created: { label: parsed.value.label, url: `${env.appOrigin}/redeem/s/${created.token}` } });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function StaffLinks({ loaderData, actionData }: Route.ComponentProps) {
  const { links, campaigns } = loaderData;
  const result = actionData as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const errors = result?.fieldErrors ?? {};
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeader
        title="Staff links"
        description="Give staff a link that opens the redeem page only: they can check and redeem your offer codes, nothing else."
        actions={
          <Link to="/redeem" className={buttonClass({ variant: "secondary" })}>
            Open the counter
          </Link>
        }
      />
      {result?.created ? (
        <div role="status" className="space-y-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p className="font-semibold">Link for “{result.created.label}” created. Copy it now: it is shown only once.</p>
          <label htmlFor="staff-link-url" className="sr-only">
            Staff link
          </label>
          <input
            id="staff-link-url"
            readOnly
            value={result.created.url}
            className="w-full rounded-lg border border-green-300 bg-white px-3 py-2 font-mono text-xs text-gray-900"
          />
        </div>
      ) : null}
      {result?.message ? (
        <p role="status" className="rounded-xl bg-gray-100 p-3 text-sm text-gray-800">
          {result.message}
        </p>
      ) : null}

      <Form method="post" className="space-y-4 rounded-xl border border-gray-200 bg-white p-5" aria-labelledby="new-link-heading">
        <h2 id="new-link-heading" className="text-lg font-semibold text-gray-900">
          New staff link
        </h2>
        <input type="hidden" name="intent" value="create" />
        <div>
          <label htmlFor="staff-label" className="block text-sm font-medium text-gray-700">
            Name (who or where it is for)
          </label>
          <input
            id="staff-label"
            name="label"
            required
            maxLength={60}
            placeholder="Front counter"
            aria-invalid={errors.label ? true : undefined}
            aria-describedby={errors.label ? "staff-label-error" : undefined}
            className={controlClass({ className: "mt-1" })}
          />
          {errors.label ? (
            <p id="staff-label-error" className="mt-1 text-sm text-red-700">
              {errors.label}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="staff-campaign" className="block text-sm font-medium text-gray-700">
            Codes it can redeem
          </label>
          <select
            id="staff-campaign"
            name="campaignId"
            defaultValue=""
            aria-invalid={errors.campaignId ? true : undefined}
            aria-describedby={errors.campaignId ? "staff-campaign-error" : undefined}
            className={controlClass({ className: "mt-1" })}
          >
            <option value="">All campaigns</option>
            {campaigns.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.title}
              </option>
            ))}
          </select>
          {errors.campaignId ? (
            <p id="staff-campaign-error" className="mt-1 text-sm text-red-700">
              {errors.campaignId}
            </p>
          ) : null}
        </div>
        <button type="submit" disabled={busy} className={buttonClass()}>
          <Link2 aria-hidden className="h-4 w-4" /> Create link
        </button>
      </Form>

      <section aria-labelledby="links-heading" className="space-y-3">
        <h2 id="links-heading" className="text-lg font-semibold text-gray-900">
          Active links
        </h2>
        {links.length === 0 ? (
          <p className="text-sm text-gray-600">No staff links yet.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
            {links.map((link) => (
              <li key={link.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-gray-900">{link.label}</p>
                  <p className="text-sm text-gray-600">
                    {link.scope} · created {link.created} · last used {link.lastUsed}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="staffAccessId" value={link.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={`Revoke ${link.label}`}
                    className="inline-flex items-center gap-1 rounded-lg border border-red-200 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
                  >
                    <Trash2 aria-hidden className="h-4 w-4" /> Revoke
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Staff links - LeadQR" }];
