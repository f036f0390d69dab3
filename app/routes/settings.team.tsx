/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { UserMinus, UserPlus } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatWhen, Message, Section, SubmitButton } from "~/features/integrations/integrations-ui";
import { offerHandover, pendingHandoverOf, withdrawHandover } from "~/features/team/handover.server";
import { HandOverConfirm, HandoverWaiting } from "~/features/team/handover-owner-ui";
import { listLocations } from "~/features/team/locations.server";
import { requireBusiness, type Acting } from "~/features/team/member.server";
import { HANDOVER_DAYS, INVITED_ROLES, planIncludesTeams, ROLE_DESCRIPTION, ROLE_LABEL, TEAM_PLAN_TEXT } from "~/features/team/team";
import { InviteSchema, InviteWithdrawSchema, MemberRemoveSchema, MemberUpdateSchema } from "~/features/team/team.schema";
import { getTeam, inviteMember, removeMember, updateMember, withdrawInvite } from "~/features/team/team.server";
import { answerDomainError, formFields, notFound, readForm, submit, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.team";

export async function loader({ request }: Route.LoaderArgs) {
  const acting = await requireBusiness(request);
  const { db } = await getServices();
  const [team, locations, handover] = await Promise.all([
    getTeam(db, { businessId: acting.businessId }),
    listLocations(db, { businessId: acting.businessId }),
    pendingHandoverOf(db, { businessId: acting.businessId }),
  ]);
  return {
    included: planIncludesTeams(acting.plan),
    planName: acting.plan.name,
    locations: locations.map(({ id, name }) => ({ id, name })),
    members: team.members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
    invites: team.invites.map(({ id, email, role, locations, expiresAt }) => ({ id, email, role, locations, expiresAt: expiresAt.toISOString() })),
    audit: team.audit.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
    handover: handover ? { email: handover.email, memberId: handover.memberId, expiresAt: handover.expiresAt.toISOString() } : null,
  };
}

type ActionData = {
  form: "invite" | "update" | "remove" | "withdraw" | "handover";
  id?: string;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
};
type TeamPost = { acting: Acting; fields: Record<string, string | string[]> };

export async function action({ request }: Route.ActionArgs) {
  const acting = await requireBusiness(request);
  const form = await readForm(request);
  const fields: Record<string, string | string[]> = {
    ...formFields(form),
    locationIds: form.getAll("locationIds").filter((value) => typeof value === "string"),
  };
  const post: TeamPost = { acting, fields };
  const intent = String(fields.intent ?? "");
  return answerDomainError(
    async () => {
      if (intent === "invite") return await invite(post);
      if (intent === "update") return await change(post);
      if (intent === "remove") return await remove(post);
      if (intent === "withdraw") return await withdraw(post);
      if (intent === "handover") return await handOver(post);
      if (intent === "withdrawHandover") return await withdrawHandOver(post);
      return data<ActionData>({ form: "invite", error: "Unknown action" }, { status: 400 });
    },
    (refused): ActionData => ({ form: formOf(intent), id: String(fields.memberId ?? ""), error: refused.message }),
  );
}

async function invite({ acting, fields }: TeamPost) {
  const parsed = submit(InviteSchema, fields, { reply: { form: "invite" as const } });
  if (!parsed.ok) return parsed.response;
  const { db, env } = await getServices();
  await inviteMember(db, { acting, appOrigin: env.appOrigin, input: parsed.value });
  return data<ActionData>({ form: "invite", message: `Invitation sent to ${parsed.value.email}. The link works for 7 days.` });
}

async function change({ acting, fields }: TeamPost) {
  const parsed = submit(MemberUpdateSchema, fields, { reply: { form: "update" as const, id: String(fields.memberId ?? "") } });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  if (!(await updateMember(db, { acting, ...parsed.value }))) notFound("Member not found");
  return data<ActionData>({ form: "update", id: parsed.value.memberId, message: "Saved." });
}

async function remove({ acting, fields }: TeamPost) {
  const parsed = submit(MemberRemoveSchema, fields);
  if (!parsed.ok) notFound("Member not found");
  const { db } = await getServices();
  const removed = await removeMember(db, { acting, memberId: parsed.value.memberId });
  return data<ActionData>({ form: "remove", message: removed ? "Removed. They were signed out everywhere." : "They were no longer on your team." });
}

async function withdraw({ acting, fields }: TeamPost) {
  const parsed = submit(InviteWithdrawSchema, fields);
  if (!parsed.ok) notFound("Invitation not found");
  const { db } = await getServices();
  await withdrawInvite(db, { acting, inviteId: parsed.value.inviteId });
  return data<ActionData>({ form: "withdraw", message: "Invitation withdrawn: its link no longer works." });
}

const formOf = (intent: string): ActionData["form"] =>
  intent === "update" ? "update" : intent === "handover" || intent === "withdrawHandover" ? "handover" : "invite";

async function handOver({ acting, fields }: TeamPost) {
  const parsed = submit(MemberRemoveSchema, fields);
  if (!parsed.ok) notFound("Member not found");
  const { db, env } = await getServices();
  if (!(await offerHandover(db, { acting, memberId: parsed.value.memberId, appOrigin: env.appOrigin }))) notFound("Member not found");
  return data<ActionData>({ form: "handover", message: `Hand-over offered. They have ${HANDOVER_DAYS} days to accept.` });
}

async function withdrawHandOver({ acting }: TeamPost) {
  const { db } = await getServices();
  const withdrawn = await withdrawHandover(db, { acting });
  return data<ActionData>({ form: "handover", message: withdrawn ? "Hand-over withdrawn: the business stays yours." : "No hand-over was waiting." });
}

export const headers = withRefusalHeaders();

type LoaderData = Route.ComponentProps["loaderData"];
type Place = LoaderData["locations"][number];

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { included, locations, members, invites, audit, handover } = loaderData;
  const answer = (form: ActionData["form"]) => (actionData?.form === form ? (actionData as ActionData) : undefined);
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title="Team"
        description="Invite the people who work with you. Each signs in under their own name; you choose what they may see."
        actions={
          <Link to="/settings" className={buttonClass({ variant: "secondary", size: "sm" })}>
            Back to settings
          </Link>
        }
      />
      {!included ? (
        <div role="note" className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900">
          <p className="font-semibold">{TEAM_PLAN_TEXT}</p>
          <Link to="/pricing" className={buttonClass({ size: "md", className: "mt-3" })}>
            See plans
          </Link>
        </div>
      ) : null}
      <Section title="Invite someone" description="They get an email with a link that works for 7 days.">
        <InviteForm disabled={!included} locations={locations} answer={answer("invite")} />
      </Section>
      <Section title="Members">
        <Message result={answer("remove")} />
        <HandoverWaiting handover={handover} answer={answer("handover")} />
        {members.length === 0 ? (
          <p className="text-sm text-gray-600">Nobody yet: you are the only one signed in to this business.</p>
        ) : (
          <ul className="divide-y divide-gray-200" aria-label="Members">
            {members.map((member) => (
              <MemberItem
                key={member.id}
                member={member}
                locations={locations}
                canHandOver={included && handover === null}
                answer={actionData?.form === "update" && actionData.id === member.id ? actionData : undefined}
              />
            ))}
          </ul>
        )}
      </Section>
      {invites.length > 0 ? (
        <Section title="Invitations waiting">
          <Message result={answer("withdraw")} />
          <ul className="divide-y divide-gray-200" aria-label="Invitations waiting">
            {invites.map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all text-gray-900">{invite.email}</p>
                  <p className="text-sm text-gray-600">
                    {roleAndPlaces(invite.role, invite.locations)} · link works until {formatWhen(invite.expiresAt)}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="inviteId" value={invite.id} />
                  <Button type="submit" variant="secondary" size="sm" aria-label={`Withdraw the invitation to ${invite.email}`}>
                    Withdraw
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title="History" description="Who invited, changed or removed whom, and when.">
        {audit.length === 0 ? (
          <p className="text-sm text-gray-600">Nothing yet.</p>
        ) : (
          <ul className="space-y-2 text-sm text-gray-700" aria-label="History">
            {audit.map((entry) => (
              <li key={entry.id} className="break-words">
                <span className="text-gray-500">{formatWhen(entry.at)}</span> · {historyLine(entry)}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </main>
  );
}

const roleAndPlaces = (role: keyof typeof ROLE_LABEL, places: string[]) =>
  `${ROLE_LABEL[role]}${places.length ? ` at ${places.join(", ")}` : ", no location"}`;

function historyLine(entry: LoaderData["audit"][number]) {
  switch (entry.action) {
    case "invited":
      return `${entry.actor} invited ${entry.subject} (${entry.detail})`;
    case "joined":
      return `${entry.subject} joined (${entry.detail})`;
    case "changed":
      return `${entry.actor} changed ${entry.subject} to ${entry.detail}`;
    case "removed":
      return `${entry.actor} removed ${entry.subject}`;
    case "handover_offered":
      return `${entry.actor} offered the ownership to ${entry.subject}`;
    case "handover_withdrawn":
      return `${entry.actor} withdrew the hand-over to ${entry.subject}`;
    case "handover_declined":
      return `${entry.subject} declined the hand-over`;
    case "handed_over":
      return `${entry.actor} took over the business from ${entry.subject}, who stays as a Manager`;
    default:
      return `${entry.actor} withdrew the invitation to ${entry.subject}`;
  }
}

function RoleAndLocations({ prefix, locations, role, chosen }: { prefix: string; locations: Place[]; role?: string; chosen?: string[] }) {
  return (
    <>
      <Field
        id={`${prefix}-role`}
        label="Role"
        hint={INVITED_ROLES.map((value) => `${ROLE_LABEL[value]}: ${ROLE_DESCRIPTION[value].toLowerCase()}.`).join(" ")}
      >
        {(control) => (
          <Select {...control} name="role" defaultValue={role ?? "staff"}>
            {INVITED_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABEL[value]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-gray-900">Locations</legend>
        {locations.length === 0 ? (
          <p className="mt-1 text-sm text-gray-600">
            No locations yet.{" "}
            <Link to="/settings/locations" className="text-blue-700 underline">
              Add them in Locations
            </Link>
            .
          </p>
        ) : (
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
            {locations.map((place) => (
              <label key={place.id} className="inline-flex min-h-11 items-center gap-2 text-sm text-gray-900">
                <input type="checkbox" name="locationIds" value={place.id} defaultChecked={chosen?.includes(place.id)} className="h-4 w-4" />
                {place.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </>
  );
}

function InviteForm({ disabled, locations, answer }: { disabled: boolean; locations: Place[]; answer?: ActionData }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="space-y-4" key={answer?.message ?? "invite"}>
      <input type="hidden" name="intent" value="invite" />
      <fieldset disabled={disabled} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="sr-only">Invite someone</legend>
        <Field id="invite-email" label="Email" errors={answer?.fieldErrors?.email}>
          {(control) => <Input {...control} name="email" type="email" autoComplete="off" required />}
        </Field>
        <RoleAndLocations prefix="invite" locations={locations} />
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={navigation.formData?.get("intent") === "invite"} disabled={disabled}>
          <UserPlus aria-hidden className="h-4 w-4" /> Send invitation
        </SubmitButton>
        <Message result={answer} />
      </div>
    </Form>
  );
}

function MemberItem(props: { member: LoaderData["members"][number]; locations: Place[]; canHandOver: boolean; answer?: ActionData }) {
  const { member, locations, canHandOver, answer } = props;
  return (
    <li className="py-4" aria-label={member.email}>
      <p className="font-medium break-all text-gray-900">{member.email}</p>
      <p className="text-sm text-gray-600">
        {roleAndPlaces(member.role, member.locations)} · joined {formatWhen(member.joinedAt)}
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <details open={Boolean(answer?.error)}>
          <summary
            className={buttonClass({ variant: "secondary", size: "sm", className: "cursor-pointer list-none" })}
            aria-label={`Change ${member.email}`}
          >
            Change
          </summary>
          <Form method="post" className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="memberId" value={member.id} />
            <RoleAndLocations prefix={`member-${member.id}`} locations={locations} role={member.role} chosen={member.locationIds} />
            <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
              <Button type="submit" size="sm">
                Save
              </Button>
              <Message result={answer} />
            </div>
          </Form>
        </details>
        <details>
          <summary
            className={buttonClass({ variant: "danger-outline", size: "sm", className: "cursor-pointer list-none" })}
            aria-label={`Remove ${member.email}`}
          >
            <UserMinus aria-hidden className="h-4 w-4" /> Remove
          </summary>
          <Form method="post" className="mt-2 max-w-72 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
            <p className="text-red-800">Remove {member.email}? They are signed out at once.</p>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="memberId" value={member.id} />
            <Button type="submit" variant="danger" size="sm" className="mt-2">
              Yes, remove {member.email}
            </Button>
          </Form>
        </details>
        {canHandOver ? <HandOverConfirm email={member.email} memberId={member.id} /> : null}
      </div>
      {answer?.message ? <Message result={answer} /> : null}
    </li>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Team · LeadQR" }];
