import { data, Link, redirect, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import {
  AccountActionsSection,
  AccountInformationSection,
  BusinessSection,
  ProfileSection,
  Section,
  SubscriptionSection,
  type AccountSectionResult,
} from "~/features/account/account-sections";
import { accountFormMessages, businessSchemaIn, deleteAccountSchemaIn, profileSchemaIn } from "~/features/account/account.schema";
import {
  deleteAccount,
  getBusinessName,
  getSubscriptionPanel,
  updateBusinessName,
  updateLanguage,
  updateProfile,
} from "~/features/account/account.server";
import { listAccountSessions, signOutOtherSessions } from "~/features/account/sessions.server";
import { SessionsSection } from "~/features/account/sessions-section";
import { LanguageSection } from "~/features/account/language-section";
import { requireBusiness, type Acting } from "~/features/team/member.server";
import { IdentitySettingsSection } from "~/features/consent/identity-settings";
import { BusinessIdentitySchema } from "~/features/consent/identity.schema";
import { getBusinessIdentity, updateBusinessIdentity } from "~/features/consent/identity.server";
import { ownerT, type OwnerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import type { Language } from "~/features/languages/languages";
import { refusalIn } from "~/features/languages/owner/refusals";
import { getServices } from "~/utils/services.server";
import { getTimeZone } from "~/utils/time-zone.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { answerDomainError, formFields, readForm, setCookieHeaders, submit, withRefusalHeaders } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { ownerLanguageChoice, ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireBusiness(request);
  const { db } = await getServices();
  const [businessName, subscription, identity, sessions] = await Promise.all([
    getBusinessName(db, { userId: user.id }),
    getSubscriptionPanel(db, { userId: user.id }),
    getBusinessIdentity(db, { userId: user.id }),
    listAccountSessions(db, { userId: user.id, currentSessionId: user.sessionId }),
  ]);
  return {
    email: user.email,
    accountId: user.id.slice(0, 8),
    memberSince: user.createdAt.toISOString(),
    language: ownerLanguageChoice(user.language ?? undefined) ?? null,
    plan: user.plan,
    businessName,
    subscription,
    identity,
    sessions,
  };
}

type ActionData = AccountSectionResult & { form: "profile" | "business" | "delete" | "identity" | "sessions" };

/** `language`: the member's, for the answers; `t` its refusals and answers. */
type SettingsPost = { request: Request; user: Acting["user"]; fields: Record<string, string>; language: Language; t: OwnerT<"refusals"> };

/** Each section posts its own intent; each intent has its own step below. */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireBusiness(request);
  const language = ownerLanguageFor(user, request.headers.get("accept-language"));
  const post: SettingsPost = { request, user, fields: formFields(await readForm(request)), language, t: ownerT("refusals", language) };
  switch (post.fields.intent) {
    case "profile":
      return saveProfile(post);
    case "business":
      return saveBusinessName(post);
    case "language":
      return saveLanguage(post);
    case "identity":
      return saveIdentity(post);
    case "sessions":
      return signOutOthers(post);
    case "delete":
      return deleteOwnAccount(post);
    default:
      return data<ActionData>({ form: "profile", error: post.t("answers.unknownAction") }, { status: 400 });
  }
}

async function saveProfile({ request, user, fields, language, t }: SettingsPost) {
  const parsed = submit(profileSchemaIn(accountFormMessages(t)), fields, { hideFields: PASSWORD_FIELDS, reply: { form: "profile" as const } });
  if (!parsed.ok) return parsed.response;
  try {
    return await answerDomainError(
      async () => {
        await consumeRateLimit("profileByUser", user.id);
        const { db } = await getServices();
        const result = await updateProfile(db, {
          userId: user.id,
          currentEmail: user.email,
          headers: request.headers,
          input: parsed.value,
          language,
        });
        if (!result.ok) return data<ActionData>({ form: "profile", fieldErrors: result.fieldErrors, error: result.message }, { status: 400 });
        nudgeEmailWorker();
        return data<ActionData>({ form: "profile", message: result.message });
      },
      (refused): ActionData => ({ form: "profile", error: refusalIn(refused, language) }),
    );
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "profile update failed");
    return data<ActionData>({ form: "profile", error: t("answers.settings.profileFailed") }, { status: 500 });
  }
}

async function saveBusinessName({ request, user, fields, t }: SettingsPost) {
  const parsed = submit(businessSchemaIn(accountFormMessages(t)), fields, { reply: { form: "business" as const } });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  await updateBusinessName(db, { userId: user.id, name: parsed.value.businessName, timeZone: await getTimeZone(request) });
  return data<ActionData>({ form: "business", message: t("answers.settings.businessSaved") });
}

/** The form reloads the page: answered with the page itself, in the language just chosen; an empty choice follows the browser again. */
async function saveLanguage({ user, fields, t }: SettingsPost) {
  const chosen = ownerLanguageChoice(fields.language);
  if (chosen === undefined) return data<ActionData>({ form: "profile", error: t("answers.unknownAction") }, { status: 400 });
  const { db } = await getServices();
  await updateLanguage(db, { userId: user.id, language: chosen });
  return redirect("/settings#section-language");
}

async function saveIdentity({ user, fields, t }: SettingsPost) {
  const parsed = submit(BusinessIdentitySchema, fields, { reply: { form: "identity" as const } });
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  await updateBusinessIdentity(db, { userId: user.id, input: parsed.value });
  return data<ActionData>({ form: "identity", message: t("answers.settings.privacySaved") });
}

async function signOutOthers({ request, user, language, t }: SettingsPost) {
  return answerDomainError(
    async () => {
      await consumeRateLimit("sessionsByUser", user.id);
      await signOutOtherSessions({ headers: request.headers });
      return data<ActionData>({ form: "sessions", message: t("answers.settings.othersSignedOut") });
    },
    (refused): ActionData => ({ form: "sessions", error: refusalIn(refused, language) }),
  );
}

async function deleteOwnAccount({ request, user, fields, t }: SettingsPost) {
  const parsed = submit(deleteAccountSchemaIn(accountFormMessages(t)), fields, { reply: { form: "delete" as const } });
  if (!parsed.ok) return parsed.response;
  try {
    const { db } = await getServices();
    const { setCookies } = await deleteAccount(db, { userId: user.id, headers: request.headers });
    return redirect("/", { headers: setCookieHeaders(setCookies) });
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "account deletion failed");
    return data<ActionData>({ form: "delete", error: t("answers.settings.deleteFailed") }, { status: 500 });
  }
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export const headers = withRefusalHeaders();

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
          <LanguageSection chosen={loaderData.language} />
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
            <LinkSection id="section-sign-in" area="signIn" to="/settings/sign-in" />
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
  { id: "section-language", key: "language.title" },
  { id: "section-business", key: "business.title" },
  { id: "section-privacy", key: "privacy.title" },
  { id: "section-sessions", key: "sessions.title" },
  { id: "section-subscription", key: "subscription.title" },
  { id: "section-integrations", key: "integrations.title" },
  { id: "section-your-domain", key: "domain.title" },
  { id: "section-notifications", key: "notifications.title" },
  { id: "section-team", key: "team.title" },
  { id: "section-locations", key: "locations.title" },
  { id: "section-sign-in", key: "signIn.title" },
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
  area: "integrations" | "domain" | "notifications" | "team" | "locations" | "signIn";
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

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("settings", ownerLanguageIn(matches))("pageTitle") }];
