// The owner's own account on Settings: profile, business name, subscription, deleting the account
// and what the account is; each section posts its intent to the Settings route.
import { CreditCard, Download, Loader2, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field as UiField, type FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { FREE_PLAN_LIMITS_TEXT, type Plan } from "~/features/billing/plan";
import { useOwnerDates, useOwnerT } from "~/features/languages/owner/owner-language";
import { type FormResult, getFormProps, serverOnlyErrors, useValidatedForm } from "~/utils/form";
import { accountFormMessages, businessSchemaIn, DELETE_CONFIRMATION_WORD, deleteAccountSchemaIn, profileSchemaIn } from "./account.schema";
import type { AccountFormMessages } from "./account.schema";
import type { SubscriptionPanel } from "./account.server";

/** What one Settings form gets back from its intent. */
export type AccountSectionResult = {
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** Set when the fields failed the schema the form also checks with. */
  result?: FormResult;
};

type Busy = { busyIntent: FormDataEntryValue | null | undefined };

/** A form's schema with its messages in the signed-in member's language (the action parses with the same). */
function useAccountSchema<S>(schemaIn: (messages: AccountFormMessages) => S): S {
  const t = useOwnerT("refusals");
  return useMemo(() => schemaIn(accountFormMessages(t)), [schemaIn, t]);
}

export function ProfileSection({ email, result, busyIntent }: { email: string; result?: AccountSectionResult } & Busy) {
  const schema = useAccountSchema(profileSchemaIn);
  const [profileForm, profileFields] = useValidatedForm(schema, { id: "profile", lastResult: result?.result });
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

export function BusinessSection({ businessName, result, busyIntent }: { businessName: string; result?: AccountSectionResult } & Busy) {
  const schema = useAccountSchema(businessSchemaIn);
  const [businessForm, businessFields] = useValidatedForm(schema, { id: "business", lastResult: result?.result });
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

export function SubscriptionSection({ plan, subscription }: { plan: Plan; subscription: SubscriptionPanel }) {
  const t = useOwnerT("settings");
  const dates = useOwnerDates();
  return (
    <Section id="section-subscription" title={t("subscription.title")}>
      <dl className="grid grid-cols-2 gap-4">
        <Item label={t("subscription.plan")}>{plan.name}</Item>
        <Item label={t("subscription.status")}>{subscription ? capitalize(subscription.status) : t("subscription.none")}</Item>
        {subscription?.currentPeriodEnd ? (
          <Item label={subscription.cancelAtPeriodEnd || subscription.status !== "active" ? t("subscription.endsOn") : t("subscription.renewsOn")}>
            {dates.day(subscription.currentPeriodEnd)}
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

export function AccountActionsSection({ result, busyIntent }: { result?: AccountSectionResult } & Busy) {
  const schema = useAccountSchema(deleteAccountSchemaIn);
  const [deleteForm, deleteFields] = useValidatedForm(schema, { id: "delete-account", lastResult: result?.result });
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

export function AccountInformationSection({ accountId, email, memberSince }: { accountId: string; email: string; memberSince: string }) {
  const t = useOwnerT("settings");
  const dates = useOwnerDates();
  return (
    <Section id="section-account-information" title={t("information.title")}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Item label={t("information.id")}>
          <span className="font-mono">{accountId}</span>
        </Item>
        <Item label={t("information.memberSince")}>{dates.day(memberSince)}</Item>
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

/** One card of the Settings page, its heading the anchor the page index links to. */
export function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
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

function Status({ result }: { result?: AccountSectionResult }) {
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
