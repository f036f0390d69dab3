import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { getFormProps, useValidatedForm } from "~/utils/form";
import { AuthCard, Notice } from "./auth-card";
import { EmailRequestSchema, type EmailRequestData } from "./recovery";

/** The way back from the account-recovery and sign-in-link pages. */
export function BackToSignIn() {
  const t = useOwnerT("auth");
  return (
    <p className="text-center text-sm text-gray-600">
      <Link to="/signin" className="font-medium text-blue-600 hover:text-blue-700">
        {t("request.backToSignIn")}
      </Link>
    </p>
  );
}

/**
 * A page that mails a link to a typed address: what it is for (`intro`), then, once sent, the
 * same notice whatever the address (`sent`), and the form again to send another.
 */
export function EmailRequestCard({
  id,
  title,
  intro,
  sent,
  submitLabel,
  actionData,
}: {
  id: string;
  title: string;
  intro: string;
  sent: ReactNode;
  submitLabel: string;
  actionData?: EmailRequestData;
}) {
  const t = useOwnerT("auth");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useValidatedForm(EmailRequestSchema, { id, lastResult: actionData?.result });
  return (
    <AuthCard title={title}>
      {actionData?.sent ? <Notice tone="success">{sent}</Notice> : <p className="text-center text-sm text-gray-600">{intro}</p>}
      {actionData?.error && !actionData.result ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <Field id="email" label={t("request.email")} errors={fields.email.errors}>
          {(control) => (
            <Input {...control} name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={actionData?.email} />
          )}
        </Field>
        <Button type="submit" size="block" disabled={busy}>
          {actionData?.sent ? t("request.sendAnother") : submitLabel}
        </Button>
      </Form>
      <BackToSignIn />
    </AuthCard>
  );
}
