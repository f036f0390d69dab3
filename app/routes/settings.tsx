import { CreditCard, Download, Loader2, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field as UiField, type FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { BusinessSchema, DELETE_CONFIRMATION_WORD, DeleteAccountSchema, ProfileSchema } from "~/features/account/account.schema";
import { deleteAccount, getBusinessName, getSubscriptionPanel, updateBusinessName, updateProfile } from "~/features/account/account.server";
import { listAccountSessions, signOutOtherSessions } from "~/features/account/sessions.server";
import { SessionsSection } from "~/features/account/sessions-section";
import { requireUser } from "~/features/auth/session.server";
import { FREE_PLAN_LIMITS_TEXT } from "~/features/billing/plan";
import { IdentitySettingsSection } from "~/features/consent/identity-settings";
import { BusinessIdentitySchema } from "~/features/consent/identity.schema";
import { getBusinessIdentity, updateBusinessIdentity } from "~/features/consent/identity.server";
import { ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { type FormResult, getFormProps, serverOnlyErrors, useValidatedForm } from "~/utils/form";
import { answerDomainError, formFields, readForm, setCookieHeaders, submit, withRefusalHeaders } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = await getServices();
  const [businessName, subscription, identity, sessions] = await Promise.all([
    getBusinessName(db, { userId: user.id }),
    getSubscriptionPanel(db, { userId: user.id }),
    getBusinessIdentity(db, { userId: user.id }),
    listAccountSessions({ headers: request.headers, currentSessionId: user.sessionId }),
  ]);
  return {
    email: user.email,
    accountId: user.id.slice(0, 8),
    memberSince: user.createdAt.toISOString(),
    plan: user.plan,
    businessName,
    subscription,
    identity,
    sessions,
  };
}

type ActionData = {
  form: "profile" | "business" | "delete" | "identity" | "sessions";
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** Set when the fields failed the schema the form also checks with. */
  result?: FormResult;
};

type SettingsPost = { request: Request; user: Awaited<ReturnType<typeof requireUser>>; fields: Record<string, string> };

/** Each section posts its own intent; each intent has its own step below. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const post: SettingsPost = { request, user, fields: formFields(await readForm(request)) };
  switch (post.fields.intent) {
    case "profile":
      return saveProfile(post);
    case "business":
      return saveBusinessName(post);
    case "identity":
      return saveIdentity(post);
    case "sessions":
      return signOutOthers(post);
    case "delete":
      return deleteOwnAccount(post);
    default:
      return data<ActionData>({ form: "profile", error: "Unknown action" }, { status: 400 });
  }
}

async function saveProfile({ request, user, fields }: SettingsPost) {
  const parsed = submit(ProfileSchema, fields, { hideFields: PASSWORD_FIELDS, reply: { form: "profile" as const } });
  if (!parsed.ok) return parsed.response;
  try {
    return await answerDomainError(
      async () => {
        await consumeRateLimit("profileByUser", user.id);
        const { db } = await getServices();
        const result = await updateProfile(db, { userId: user.id, currentEmail: user.email, headers: request.headers, input: parsed.value });
        if (!result.ok) return data<ActionData>({ form: "profile", fieldErrors: result.fieldErrors, error: result.message }, { status: 400 });
        nudgeEmailWorker();
        return data<ActionData>({ form: "profile", message: result.message });
      },
      (refused): ActionData => ({ form: "profile", error: refused.message }),
    );
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "profile update failed");
    return data<ActionData>({ form: "profile", error: "Failed to update profile" }, { status: 500 });
  }
}

async function saveBusinessName({ request, user, fields }: SettingsPost) {
  const parsed = submit(BusinessSchema, fields, { reply: { form: "business" as const } });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  await updateBusinessName(db, { userId: user.id, name: parsed.value.businessName, timeZone: await getTimeZone(request) });
  return data<ActionData>({ form: "business", message: "Business name saved" });
}

async function saveIdentity({ user, fields }: SettingsPost) {
  const parsed = submit(BusinessIdentitySchema, fields, { reply: { form: "identity" as const } });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  await updateBusinessIdentity(db, { userId: user.id, input: parsed.value });
  return data<ActionData>({ form: "identity", message: "Privacy settings saved" });
}

async function signOutOthers({ request, user }: SettingsPost) {
  return answerDomainError(
    async () => {
      await consumeRateLimit("sessionsByUser", user.id);
      await signOutOtherSessions({ headers: request.headers });
      return data<ActionData>({ form: "sessions", message: "Other sessions signed out" });
    },
    (refused): ActionData => ({ form: "sessions", error: refused.message }),
  );
}

async function deleteOwnAccount({ request, user, fields }: SettingsPost) {
  const parsed = submit(DeleteAccountSchema, fields, { reply: { form: "delete" as const } });
  if (!parsed.ok) return parsed.response;
  try {
    const { db } = await getServices();
    const { setCookies } = await deleteAccount(db, { userId: user.id, headers: request.headers });
    return redirect("/", { headers: setCookieHeaders(setCookies) });
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "account deletion failed");
    return data<ActionData>({ form: "delete", error: "Failed to delete account. Please contact support." }, { status: 500 });
  }
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

export const headers = withRefusalHeaders();

type LoaderData = Route.ComponentProps["loaderData"];
type Busy = { busyIntent: FormDataEntryValue | null | undefined };

/** One component per section: a new section is one more component and one more intent. */
export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("settings");
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const result = (form: ActionData["form"]) => (actionData?.form === form ? (actionData as ActionData) : undefined);
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="mt-4 lg:mt-6 lg:grid lg:grid-cols-[11rem_1fr] lg:gap-8">
        <SectionIndex />
        <div className="mt-4 space-y-4 sm:space-y-6 lg:mt-0">
          <ProfileSection email={loaderData.email} result={result("profile")} busyIntent={busyIntent} />
          <BusinessSection businessName={loaderData.businessName} result={result("business")} busyIntent={busyIntent} />
          <IdentitySettingsSection settings={loaderData.identity} result={result("identity")} busy={busyIntent === "identity"} />
          <SessionsSection sessions={loaderData.sessions} busy={busyIntent === "sessions"} result={result("sessions")} />
          <SubscriptionSection plan={loaderData.plan} subscription={loaderData.subscription} />
          <div className="grid gap-4 sm:grid-cols-2 sm:gap-6">
            <LinkSection id="section-integrations" area="integrations" to="/settings/integrations" isPro={loaderData.plan.isPro} />
            <LinkSection id="section-your-domain" area="domain" to="/settings/domains" isPro={loaderData.plan.isPro} />
            <LinkSection id="section-notifications" area="notifications" to="/settings/notifications" />
            <LinkSection id="section-team" area="team" to="/settings/team" isPro={loaderData.plan.isPro} />
            <LinkSection id="section-locations" area="locations" to="/settings/locations" isPro={loaderData.plan.isPro} />
          </div>
          <AccountActionsSection result={result("delete")} busyIntent={busyIntent} />
          <AccountInformationSection accountId={loaderData.accountId} email={loaderData.email} memberSince={loaderData.memberSince} />
        </div>
      </div>
    </main>
  );
}

/** The page's sections, each heading's anchor, in page order (issue 54: a long page on a phone starts with its index). */
const SECTION_INDEX = [
  { id: "section-profile", key: "profile.title" },
  { id: "section-business", key: "business.title" },
  { id: "section-privacy", key: "privacy.title" },
  { id: "section-sessions", key: "sessions.title" },
  { id: "section-subscription", key: "subscription.title" },
  { id: "section-integrations", key: "integrations.title" },
  { id: "section-your-domain", key: "domain.title" },
  { id: "section-notifications", key: "notifications.title" },
  { id: "section-team", key: "team.title" },
  { id: "section-locations", key: "locations.title" },
  { id: "section-account-actions", key: "account.title" },
  { id: "section-account-information", key: "information.title" },
] as const;

/** Chips under the title on a phone; a list that stays in view beside the sections on a wide screen. */
function SectionIndex() {
  const t = useOwnerT("settings");
  return (
    <nav aria-label={t("index")} className="lg:sticky lg:top-20 lg:self-start">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {SECTION_INDEX.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="inline-block rounded-full border border-gray-200 bg-white px-3 py-1 text-sm text-gray-700 hover:border-blue-300 hover:text-blue-700 lg:rounded-md lg:border-0 lg:bg-transparent lg:px-2"
            >
              {t(section.key)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A section whose settings live on their own page: what it is, and the way there. */
function LinkSection({
  id,
  area,
  to,
  isPro,
}: {
  id: string;
  area: "integrations" | "domain" | "notifications" | "team" | "locations";
  to: string;
  isPro?: boolean;
}) {
  const t = useOwnerT("settings");
  return (
    <Section id={id} title={t(`${area}.title`)} description={t(`${area}.description`)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link to={to} className={buttonClass({ variant: "secondary" })}>
          {t(`${area}.manage`)}
        </Link>
        {isPro === false ? <p className="text-sm text-gray-600">{t("availableOnPro")}</p> : null}
      </div>
    </Section>
  );
}

function ProfileSection({ email, result, busyIntent }: { email: string; result?: ActionData } & Busy) {
  const [profileForm, profileFields] = useValidatedForm(ProfileSchema, { id: "profile", lastResult: result?.result });
  // Errors only the server can find (a wrong current password, a taken address) come without `result`.
  const profileServer = serverOnlyErrors(result?.fieldErrors, result?.result);
  const t = useOwnerT("settings");
  return (
    <Section id="section-profile" title={t("profile.title")} description={t("profile.description")}>
      <Form method="post" {...getFormProps(profileForm)} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="profile" />
        <Field
          label={t("profile.email")}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          required
          errors={profileFields.email.errors ?? profileServer.email}
          className="sm:col-span-2"
        />
        <Field
          label={t("profile.currentPassword")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          errors={profileFields.currentPassword.errors ?? profileServer.currentPassword}
          className="sm:col-span-2"
        />
        <Field
          label={t("profile.newPassword")}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          minLength={6}
          errors={profileFields.newPassword.errors ?? profileServer.newPassword}
        />
        <Field
          label={t("profile.confirmPassword")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          errors={profileFields.confirmPassword.errors ?? profileServer.confirmPassword}
        />
        <div className="flex items-center gap-4 sm:col-span-2">
          <SubmitButton busy={busyIntent === "profile"}>{t("profile.save")}</SubmitButton>
          <Status result={result} />
        </div>
      </Form>
    </Section>
  );
}

function BusinessSection({ businessName, result, busyIntent }: { businessName: string; result?: ActionData } & Busy) {
  const [businessForm, businessFields] = useValidatedForm(BusinessSchema, { id: "business", lastResult: result?.result });
  const businessServer = serverOnlyErrors(result?.fieldErrors, result?.result);
  const t = useOwnerT("settings");
  return (
    <Section id="section-business" title={t("business.title")} description={t("business.description")}>
      <Form method="post" {...getFormProps(businessForm)} className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="business" />
        <Field
          label={t("business.name")}
          name="businessName"
          defaultValue={businessName}
          maxLength={100}
          errors={businessFields.businessName.errors ?? businessServer.businessName}
          className="flex-1"
        />
        <SubmitButton busy={busyIntent === "business"}>{t("business.save")}</SubmitButton>
      </Form>
      <div className="mt-2">
        <Status result={result} />
      </div>
    </Section>
  );
}

function SubscriptionSection({ plan, subscription }: Pick<LoaderData, "plan" | "subscription">) {
  const t = useOwnerT("settings");
  return (
    <Section id="section-subscription" title={t("subscription.title")}>
      <dl className="grid grid-cols-2 gap-4">
        <Item label={t("subscription.plan")}>{plan.name}</Item>
        <Item label={t("subscription.status")}>{subscription ? capitalize(subscription.status) : t("subscription.none")}</Item>
        {subscription?.currentPeriodEnd ? (
          <Item label={subscription.cancelAtPeriodEnd || subscription.status !== "active" ? t("subscription.endsOn") : t("subscription.renewsOn")}>
            {dateFormat.format(new Date(subscription.currentPeriodEnd))}
          </Item>
        ) : null}
        {subscription?.card ? <Item label={t("subscription.paymentMethod")}>{subscription.card}</Item> : null}
      </dl>
      {!plan.isPro ? <p className="mt-3 text-sm text-gray-600">{FREE_PLAN_LIMITS_TEXT}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {subscription?.hasBillingAccount ? (
          <Form method="post" action="/billing/portal" target="_blank" reloadDocument>
            <Button type="submit" variant="secondary">
              <CreditCard aria-hidden className="h-4 w-4" /> {t("subscription.manageBilling")}
            </Button>
          </Form>
        ) : null}
        {!plan.isPro ? (
          <Link to="/pricing" className={buttonClass()}>
            {t("subscription.upgrade")}
          </Link>
        ) : null}
      </div>
    </Section>
  );
}

function AccountActionsSection({ result, busyIntent }: { result?: ActionData } & Busy) {
  const [deleteForm, deleteFields] = useValidatedForm(DeleteAccountSchema, { id: "delete-account", lastResult: result?.result });
  const t = useOwnerT("settings");
  return (
    <Section id="section-account-actions" title={t("account.title")}>
      <div className="flex flex-col gap-6">
        <div>
          <Link to="/leads" className={buttonClass({ variant: "secondary" })}>
            <Download aria-hidden className="h-4 w-4" /> {t("account.export")}
          </Link>
          <p className="mt-1 text-sm text-gray-500">{t("account.exportHint")}</p>
        </div>
        <details className="rounded-lg border border-red-200 p-4" open={Boolean(result)}>
          <summary className="cursor-pointer font-medium text-red-700">{t("account.delete")}</summary>
          <Form method="post" {...getFormProps(deleteForm)} className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="delete" />
            <p className="text-sm text-gray-700">{t("account.deleteExplanation")}</p>
            <Field
              label={t("account.typeToConfirm", { word: DELETE_CONFIRMATION_WORD })}
              name="confirmation"
              autoComplete="off"
              errors={deleteFields.confirmation.errors}
            />
            <Button type="submit" variant="danger" disabled={busyIntent === "delete"}>
              {busyIntent === "delete" ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Trash2 aria-hidden className="h-4 w-4" />}
              {t("account.delete")}
            </Button>
            <Status result={result} />
          </Form>
        </details>
      </div>
    </Section>
  );
}

function AccountInformationSection({ accountId, email, memberSince }: Pick<LoaderData, "accountId" | "email" | "memberSince">) {
  const t = useOwnerT("settings");
  return (
    <Section id="section-account-information" title={t("information.title")}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Item label={t("information.id")}>
          <span className="font-mono">{accountId}</span>
        </Item>
        <Item label={t("information.memberSince")}>{dateFormat.format(new Date(memberSince))}</Item>
        <Item label={t("information.email")} className="col-span-2 break-words sm:col-span-1">
          {email}
        </Item>
      </dl>
    </Section>
  );
}

function capitalize(value: string) {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={cardClass({ padding: "section" })}>
      <h2 id={id} className="scroll-mt-24 text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-gray-600">{description}</p> : null}
      <div className="mt-3 sm:mt-4">{children}</div>
    </section>
  );
}

function Item({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 font-medium text-gray-900">{children}</dd>
    </div>
  );
}

function Field(props: Omit<React.InputHTMLAttributes<HTMLInputElement>, "size"> & { label: string; name: string; errors?: FieldErrors }) {
  const { label, errors, className, ...input } = props;
  return (
    <UiField id={input.name} label={label} errors={errors} className={className}>
      {(control) => <Input {...control} {...input} />}
    </UiField>
  );
}

function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <Button type="submit" disabled={busy}>
      {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
      {children}
    </Button>
  );
}

function Status({ result }: { result?: ActionData }) {
  if (result?.message)
    return (
      <p role="status" className="text-sm text-green-700">
        {result.message}
      </p>
    );
  if (result?.error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {result.error}
      </p>
    );
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: ownerT("settings")("pageTitle") }];
