// Rules: docs/features/domains.md ("Removing a domain").
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { requireBusiness, type Acting } from "~/features/team/member.server";
import { planIncludesCustomDomains } from "~/features/billing/plan";
import { addDomain, campaignsWithCodesOn, getDomainScreen, removeDomain, verifyDomainNow } from "~/features/domains/domains.server";
import {
  DomainRecords,
  DomainStateBadge,
  DomainSteps,
  DomainTargetNotice,
  HINTED_PROVIDERS,
  targetLeadsNowhere,
} from "~/features/domains/domains-ui";
import { Message, Section, SubmitButton } from "~/features/integrations/integrations-ui";
import { ownerT, OwnerTrans, type OwnerT, useOwnerT, useFormatWhen, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { refusalIn } from "~/features/languages/owner/refusals";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { answerDomainError, formFields, readForm, withRefusalHeaders } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/settings.domains";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireBusiness(request);
  const { db, env } = await getServices();
  return { included: planIncludesCustomDomains(user.plan), domain: await getDomainScreen(db, env, { userId: user.id }) };
}

type ActionData = {
  form: "add" | "verify" | "remove";
  message?: string;
  error?: string;
  fieldErrors?: { hostname?: string };
  confirmRemove?: string;
  /** Campaigns whose codes were made with the domain. */
  campaignsOnDomain?: number;
};

type DomainPost = { user: Acting["user"]; fields: Record<string, string>; t: OwnerT<"refusals"> };

/** Each button posts its own intent; each intent has its own step below. */
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireBusiness(request);
  const language = ownerLanguageFor(user, request.headers.get("accept-language"));
  const post: DomainPost = { user, fields: formFields(await readForm(request)), t: ownerT("refusals", language) };
  return answerDomainError(
    async () => {
      switch (post.fields.intent) {
        case "add":
          return await addOwnDomain(post);
        case "verify":
          return await verifyOwnDomain(post);
        case "remove":
          return await removeOwnDomain(post);
        default:
          return data<ActionData>({ form: "add", error: post.t("answers.unknownAction") }, { status: 400 });
      }
    },
    (refused): ActionData => {
      const form = post.fields.intent === "verify" ? "verify" : "add";
      const error = refusalIn(refused, language);
      return refused.code === "hostname_invalid" ? { form, fieldErrors: { hostname: error } } : { form, error };
    },
  );
}

async function addOwnDomain({ user, fields, t }: DomainPost) {
  const { db, env } = await getServices();
  const hostname = await addDomain(db, env, { userId: user.id, plan: user.plan, hostname: fields.hostname ?? "" });
  return data<ActionData>({ form: "add", message: t("answers.domains.added", { hostname }) });
}

async function verifyOwnDomain({ user, t }: DomainPost) {
  const { db, env, secret } = await getServices();
  const state = await verifyDomainNow(db, env, { userId: user.id, secret });
  return data<ActionData>({ form: "verify", message: t(state === "verified" ? "answers.domains.verified" : "answers.domains.checked") });
}

/** Asks first, saying how many campaigns' printed codes stop opening; then removes. */
async function removeOwnDomain({ user, fields, t }: DomainPost) {
  const { db, env } = await getServices();
  if (fields.confirm !== "yes") {
    const current = await getDomainScreen(db, env, { userId: user.id });
    const campaignsOnDomain = current ? await campaignsWithCodesOn(db, { userId: user.id, hostname: current.hostname }) : 0;
    return data<ActionData>({ form: "remove", confirmRemove: fields.hostname ?? "", campaignsOnDomain });
  }
  const removed = await removeDomain(db, { userId: user.id });
  return data<ActionData>({
    form: "remove",
    message: t(removed ? "answers.domains.removed" : "answers.domains.noneToRemove"),
  });
}

export const headers = withRefusalHeaders();

/** What removing breaks, counted from the codes made with the domain. */
function codesOnDomainSentence(t: OwnerT<"domains">, hostname: string, campaigns: number) {
  if (campaigns === 0) return t("remove.noCodes", { hostname });
  return t("remove.codes", { count: campaigns, hostname });
}

export default function Domains({ loaderData, actionData }: Route.ComponentProps) {
  const { included, domain } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const answer = (form: ActionData["form"]) => (actionData?.form === form ? actionData : undefined);
  const t = useOwnerT("domains");
  const planRequired = useOwnerT("refusals")("domains.planRequired");

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
      {!included ? (
        <div role="note" className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-blue-900">
          <p className="font-semibold">{planRequired}</p>
          <Link to="/pricing" className={buttonClass({ size: "md", className: "mt-3" })}>
            {t("seePlans")}
          </Link>
        </div>
      ) : null}
      {domain ? (
        <DomainPanel domain={domain} busy={busy} answer={answer} />
      ) : (
        <AddDomain disabled={!included} busy={busy === "add"} answer={answer("add")} />
      )}
      {!domain ? <Message result={answer("remove")} /> : null}
    </main>
  );
}

function AddDomain({ disabled, busy, answer }: { disabled: boolean; busy: boolean; answer?: ActionData }) {
  const t = useOwnerT("domains");
  return (
    <Section title={t("add.title")} description={t("add.description")}>
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="add" />
        <fieldset disabled={disabled} className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <legend className="sr-only">{t("add.title")}</legend>
          <Field id="hostname" label={t("add.domain")} errors={answer?.fieldErrors?.hostname} className="flex-1">
            {(control) => (
              <Input
                {...control}
                name="hostname"
                placeholder={t("add.placeholder")}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                required
              />
            )}
          </Field>
          <SubmitButton busy={busy}>{t("add.submit")}</SubmitButton>
        </fieldset>
        <Message result={answer?.fieldErrors ? undefined : answer} />
      </Form>
    </Section>
  );
}

type Screen = NonNullable<Route.ComponentProps["loaderData"]["domain"]>;

function DomainPanel({ domain, busy, answer }: { domain: Screen; busy: unknown; answer: (form: ActionData["form"]) => ActionData | undefined }) {
  const removing = answer("remove");
  const t = useOwnerT("domains");
  const formatWhen = useFormatWhen();
  return (
    <>
      <Section title={domain.hostname}>
        <div className="flex flex-wrap items-center gap-3">
          <DomainStateBadge state={domain.state} label={domain.status.label} />
          <p className="text-sm text-gray-600">{domain.lastCheckedAt ? t("checked", { when: formatWhen(domain.lastCheckedAt) }) : t("notChecked")}</p>
        </div>
        <DomainSteps done={domain.stepsDone} />
        <p className="mt-3 text-gray-900" aria-live="polite">
          {domain.status.next}
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
          <input type="hidden" name="intent" value="verify" />
          <SubmitButton busy={busy === "verify"}>{t("verify")}</SubmitButton>
          <Message result={answer("verify") ?? answer("add")} />
        </Form>
      </Section>
      <Section title={t("records.title")} description={t("records.description", { registered: domain.hostname.split(".").slice(1).join(".") })}>
        <DomainTargetNotice reach={domain.targetReach} target={domain.records.cname.value} />
        <div className={targetLeadsNowhere(domain.targetReach) ? "opacity-60 grayscale" : undefined}>
          <DomainRecords records={[domain.records.cname, domain.records.txt]} />
        </div>
        <details className="mt-4 text-sm text-gray-700">
          <summary className="cursor-pointer font-medium text-gray-900">{t("records.whereToAdd")}</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {HINTED_PROVIDERS.map((provider) => (
              <li key={provider}>
                <OwnerTrans
                  ns="domains"
                  k="provider"
                  values={{ name: t(`providers.${provider}.name`), hint: t(`providers.${provider}.hint`) }}
                  components={{ name: <span className="font-medium" /> }}
                />
              </li>
            ))}
          </ul>
        </details>
      </Section>
      <Section title={t("remove.title")}>
        {removing?.confirmRemove !== undefined ? (
          <Form method="post" className="rounded-lg border border-red-200 bg-red-50 p-3" aria-labelledby="remove-question">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="confirm" value="yes" />
            <p id="remove-question" className="text-sm text-red-800">
              {t("remove.question", { hostname: domain.hostname, codes: codesOnDomainSentence(t, domain.hostname, removing.campaignsOnDomain ?? 0) })}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <SubmitButton variant="danger" busy={busy === "remove"}>
                {t("remove.confirm", { hostname: domain.hostname })}
              </SubmitButton>
              <Link to="." className={buttonClass({ variant: "secondary" })}>
                {t("remove.cancel")}
              </Link>
            </div>
          </Form>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="hostname" value={domain.hostname} />
            <SubmitButton variant="danger" busy={busy === "remove"}>
              {t("remove.submit")}
            </SubmitButton>
          </Form>
        )}
      </Section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("domains", ownerLanguageIn(matches))("pageTitle") }];
