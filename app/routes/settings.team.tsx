import { UserMinus, UserPlus } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Message, Section, SubmitButton } from "~/features/integrations/integrations-ui";
import type { Language } from "~/features/languages/languages";
import { OwnerTrans, ownerLanguageIn, ownerT, useFormatWhen, useOwnerT, type OwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { offerHandover, pendingHandoverOf, withdrawHandover } from "~/features/team/handover.server";
import { HandOverConfirm, HandoverWaiting } from "~/features/team/handover-owner-ui";
import { listLocations } from "~/features/team/locations.server";
import { requireBusiness, type Acting } from "~/features/team/member.server";
import { HANDOVER_DAYS, INVITED_ROLES, planIncludesTeams } from "~/features/team/team";
import { TeamPlanNote } from "~/features/team/team-plan-note";
import { InviteSchema, InviteWithdrawSchema, MemberRemoveSchema, MemberUpdateSchema, teamErrorsIn } from "~/features/team/team.schema";
import { getTeam, inviteMember, removeMember, updateMember, withdrawInvite } from "~/features/team/team.server";
import { answerDomainError, formFields, notFound, readForm, submit, withRefusalHeaders, type Refused } from "~/utils/http.server";
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
type TeamPost = { acting: Acting; fields: Record<string, string | string[]>; language: Language };

export async function action({ request }: Route.ActionArgs) {
  const acting = await requireBusiness(request);
  const form = await readForm(request);
  const fields: Record<string, string | string[]> = {
    ...formFields(form),
    locationIds: form.getAll("locationIds").filter((value) => typeof value === "string"),
  };
  const post: TeamPost = { acting, fields, language: ownerLanguageFor(acting.user, request.headers.get("accept-language")) };
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

/** The form's own checks answer in English (the schema's); the member reads them in their language. */
function refusedForm(refused: Refused<ActionData>, language: Language) {
  return data<ActionData>({ ...refused.response.data, fieldErrors: teamErrorsIn(language, refused.fieldErrors) }, { status: 400 });
}

async function invite({ acting, fields, language }: TeamPost) {
  const parsed = submit(InviteSchema, fields, { reply: { form: "invite" as const } });
  if (!parsed.ok) return refusedForm(parsed, language);
  const { db, env } = await getServices();
  await inviteMember(db, { acting, appOrigin: env.appOrigin, input: parsed.value, language });
  return data<ActionData>({ form: "invite", message: ownerT("team", language)("notices.invited", { email: parsed.value.email }) });
}

async function change({ acting, fields, language }: TeamPost) {
  const parsed = submit(MemberUpdateSchema, fields, { reply: { form: "update" as const, id: String(fields.memberId ?? "") } });
  if (!parsed.ok) return refusedForm(parsed, language);
  const { db } = await getServices();
  if (!(await updateMember(db, { acting, ...parsed.value, language }))) notFound("Member not found");
  return data<ActionData>({ form: "update", id: parsed.value.memberId, message: ownerT("team", language)("notices.saved") });
}

async function remove({ acting, fields, language }: TeamPost) {
  const parsed = submit(MemberRemoveSchema, fields);
  if (!parsed.ok) notFound("Member not found");
  const { db } = await getServices();
  const removed = await removeMember(db, { acting, memberId: parsed.value.memberId });
  return data<ActionData>({ form: "remove", message: ownerT("team", language)(removed ? "notices.removed" : "notices.notOnTeam") });
}

async function withdraw({ acting, fields, language }: TeamPost) {
  const parsed = submit(InviteWithdrawSchema, fields);
  if (!parsed.ok) notFound("Invitation not found");
  const { db } = await getServices();
  await withdrawInvite(db, { acting, inviteId: parsed.value.inviteId });
  return data<ActionData>({ form: "withdraw", message: ownerT("team", language)("notices.inviteWithdrawn") });
}

const formOf = (intent: string): ActionData["form"] =>
  intent === "update" ? "update" : intent === "handover" || intent === "withdrawHandover" ? "handover" : "invite";

async function handOver({ acting, fields, language }: TeamPost) {
  const parsed = submit(MemberRemoveSchema, fields);
  if (!parsed.ok) notFound("Member not found");
  const { db, env } = await getServices();
  if (!(await offerHandover(db, { acting, memberId: parsed.value.memberId, appOrigin: env.appOrigin, language }))) notFound("Member not found");
  return data<ActionData>({ form: "handover", message: ownerT("team", language)("notices.handoverOffered", { count: HANDOVER_DAYS }) });
}

async function withdrawHandOver({ acting, language }: TeamPost) {
  const { db } = await getServices();
  const withdrawn = await withdrawHandover(db, { acting });
  return data<ActionData>({ form: "handover", message: ownerT("team", language)(withdrawn ? "notices.handoverWithdrawn" : "notices.noHandover") });
}

export const headers = withRefusalHeaders();

type LoaderData = Route.ComponentProps["loaderData"];
type Place = LoaderData["locations"][number];

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { included, locations, members, invites, audit, handover } = loaderData;
  const t = useOwnerT("team");
  const formatWhen = useFormatWhen();
  const answer = (form: ActionData["form"]) => (actionData?.form === form ? (actionData as ActionData) : undefined);
  return (
    <main className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/settings" className={buttonClass({ variant: "secondary", size: "sm" })}>
            {t("back")}
          </Link>
        }
      />
      {!included ? <TeamPlanNote /> : null}
      <Section title={t("invite.title")} description={t("invite.description")}>
        <InviteForm disabled={!included} locations={locations} answer={answer("invite")} />
      </Section>
      <Section title={t("members.title")}>
        <Message result={answer("remove")} />
        <HandoverWaiting handover={handover} answer={answer("handover")} />
        {members.length === 0 ? (
          <p className="text-sm text-gray-600">{t("members.empty")}</p>
        ) : (
          <ul className="divide-y divide-gray-200" aria-label={t("members.title")}>
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
        <Section title={t("invites.title")}>
          <Message result={answer("withdraw")} />
          <ul className="divide-y divide-gray-200" aria-label={t("invites.title")}>
            {invites.map((invite) => (
              <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all text-gray-900">{invite.email}</p>
                  <p className="text-sm text-gray-600">
                    {t("invites.line", { role: roleAndPlaces(t, invite.role, invite.locations), when: formatWhen(invite.expiresAt) })}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="inviteId" value={invite.id} />
                  <Button type="submit" variant="secondary" size="sm" aria-label={t("invites.withdrawNamed", { email: invite.email })}>
                    {t("invites.withdraw")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title={t("history.title")} description={t("history.description")}>
        {audit.length === 0 ? (
          <p className="text-sm text-gray-600">{t("history.empty")}</p>
        ) : (
          <ul className="space-y-2 text-sm text-gray-700" aria-label={t("history.title")}>
            {audit.map((entry) => (
              <li key={entry.id} className="break-words">
                <span className="text-gray-500">{formatWhen(entry.at)}</span> · {historyLine(t, entry)}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </main>
  );
}

type T = OwnerT<"team">;
type Role = LoaderData["members"][number]["role"];

const roleAndPlaces = (t: T, role: Role, places: string[]) =>
  places.length ? t("roleAt", { role: t(`roles.${role}`), places: places.join(", ") }) : t("roleNoLocation", { role: t(`roles.${role}`) });

const HISTORY_KEYS = {
  invited: "history.invited",
  joined: "history.joined",
  changed: "history.changed",
  removed: "history.removed",
  handover_offered: "history.handoverOffered",
  handover_withdrawn: "history.handoverWithdrawn",
  handover_declined: "history.handoverDeclined",
  handed_over: "history.handedOver",
} as const;

/** A line of the history; its detail ("Manager at Harbour") is stored as it was written, in English. */
function historyLine(t: T, entry: LoaderData["audit"][number]) {
  const key = HISTORY_KEYS[entry.action as keyof typeof HISTORY_KEYS] ?? "history.inviteWithdrawn";
  return t(key, { actor: entry.actor, subject: entry.subject, detail: entry.detail ?? "" });
}

function RoleAndLocations({ prefix, locations, role, chosen }: { prefix: string; locations: Place[]; role?: string; chosen?: string[] }) {
  const t = useOwnerT("team");
  return (
    <>
      <Field
        id={`${prefix}-role`}
        label={t("role")}
        hint={INVITED_ROLES.map((value) => t("roleHint", { role: t(`roles.${value}`), description: t(`roleDescriptions.${value}`) })).join(" ")}
      >
        {(control) => (
          <Select {...control} name="role" defaultValue={role ?? "staff"}>
            {INVITED_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-gray-900">{t("locations")}</legend>
        {locations.length === 0 ? (
          <p className="mt-1 text-sm text-gray-600">
            <OwnerTrans ns="team" k="noLocations" components={{ add: <Link to="/settings/locations" className="text-blue-700 underline" /> }} />
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
  const t = useOwnerT("team");
  const navigation = useNavigation();
  return (
    <Form method="post" className="space-y-4" key={answer?.message ?? "invite"}>
      <input type="hidden" name="intent" value="invite" />
      <fieldset disabled={disabled} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t("invite.title")}</legend>
        <Field id="invite-email" label={t("invite.email")} errors={answer?.fieldErrors?.email}>
          {(control) => <Input {...control} name="email" type="email" autoComplete="off" required />}
        </Field>
        <RoleAndLocations prefix="invite" locations={locations} />
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={navigation.formData?.get("intent") === "invite"} disabled={disabled}>
          <UserPlus aria-hidden className="h-4 w-4" /> {t("invite.send")}
        </SubmitButton>
        <Message result={answer} />
      </div>
    </Form>
  );
}

function MemberItem(props: { member: LoaderData["members"][number]; locations: Place[]; canHandOver: boolean; answer?: ActionData }) {
  const { member, locations, canHandOver, answer } = props;
  const t = useOwnerT("team");
  const formatWhen = useFormatWhen();
  return (
    <li className="py-4" aria-label={member.email}>
      <p className="font-medium break-all text-gray-900">{member.email}</p>
      <p className="text-sm text-gray-600">
        {t("members.line", { role: roleAndPlaces(t, member.role, member.locations), when: formatWhen(member.joinedAt) })}
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-2">
        <details open={Boolean(answer?.error)}>
          <summary
            className={buttonClass({ variant: "secondary", size: "sm", className: "cursor-pointer list-none" })}
            aria-label={t("members.changeNamed", { email: member.email })}
          >
            {t("members.change")}
          </summary>
          <Form method="post" className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="memberId" value={member.id} />
            <RoleAndLocations prefix={`member-${member.id}`} locations={locations} role={member.role} chosen={member.locationIds} />
            <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
              <Button type="submit" size="sm">
                {t("members.save")}
              </Button>
              <Message result={answer} />
            </div>
          </Form>
        </details>
        <details>
          <summary
            className={buttonClass({ variant: "danger-outline", size: "sm", className: "cursor-pointer list-none" })}
            aria-label={t("members.removeNamed", { email: member.email })}
          >
            <UserMinus aria-hidden className="h-4 w-4" /> {t("members.remove")}
          </summary>
          <Form method="post" className="mt-2 max-w-72 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
            <p className="text-red-800">{t("members.removeQuestion", { email: member.email })}</p>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="memberId" value={member.id} />
            <Button type="submit" variant="danger" size="sm" className="mt-2">
              {t("members.removeConfirm", { email: member.email })}
            </Button>
          </Form>
        </details>
        {canHandOver ? <HandOverConfirm email={member.email} memberId={member.id} /> : null}
      </div>
      {answer?.message ? <Message result={answer} /> : null}
    </li>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("team", ownerLanguageIn(matches))("pageTitle") }];
