import { KeyRound, Loader2, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/components/use-hydrated";
import { INTL_LOCALES, type Language } from "~/features/languages/languages";
import { useOwnerLanguage, useOwnerT } from "~/features/languages/owner/owner-language";
import { PASSKEY_NAME_MAX, supportsPasskeys } from "./passkeys";
import type { PasskeyRow } from "./passkeys.server";

/** The day a passkey was added, short ("Nov 29, 2026"), in the member's language. */
const addedOn = (language: Language, value: Date | string) =>
  new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: "medium", timeZone: "UTC" }).format(new Date(value));

/** The signed-in person's passkeys: each with its name and date, Remove (asked first), and Add. */
export function PasskeysSection({ passkeys, result }: { passkeys: PasskeyRow[]; result?: { message?: string; error?: string } }) {
  const t = useOwnerT("auth");
  return (
    <section aria-labelledby="section-passkeys" className={cardClass({ padding: "section" })}>
      <h2 id="section-passkeys" className="text-lg font-semibold text-gray-900">
        {t("passkeys.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t("passkeys.description")}</p>
      {passkeys.length ? (
        <ul aria-label={t("passkeys.list")} className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-lg border border-dashed border-gray-300 p-3 text-sm text-gray-600">{t("passkeys.empty")}</p>
      )}
      <div className="mt-3">
        <Answer answer={result} />
      </div>
      <AddPasskey />
    </section>
  );
}

/** What the last action said: done (a status) or refused (an alert). */
function Answer({ answer }: { answer?: { message?: string; error?: string } | null }) {
  if (answer?.error) {
    return (
      <p role="alert" className="text-sm text-red-600">
        {answer.error}
      </p>
    );
  }
  return answer?.message ? (
    <p role="status" className="text-sm text-green-700">
      {answer.message}
    </p>
  ) : null;
}

function PasskeyItem({ passkey }: { passkey: PasskeyRow }) {
  const t = useOwnerT("auth");
  const language = useOwnerLanguage();
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium break-words text-gray-900">
          <KeyRound aria-hidden className="h-4 w-4 shrink-0 text-gray-500" /> {passkey.name}
        </p>
        <p className="text-sm text-gray-500">{t("passkeys.addedOn", { date: addedOn(language, passkey.createdAt) })}</p>
      </div>
      <details>
        <summary
          className={buttonClass({ variant: "danger-outline", size: "sm", className: "cursor-pointer list-none" })}
          aria-label={t("passkeys.removeNamed", { name: passkey.name })}
        >
          <Trash2 aria-hidden className="h-4 w-4" /> {t("passkeys.remove")}
        </summary>
        <Form method="post" className="mt-2 max-w-72 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <p className="text-red-800">{t("passkeys.removeQuestion", { name: passkey.name })}</p>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <Button type="submit" variant="danger" size="sm" className="mt-2">
            {t("passkeys.removeConfirm")}
          </Button>
        </Form>
      </details>
    </li>
  );
}

/** Adding needs the browser's WebAuthn: without it (or without JavaScript) the section says so. */
function AddPasskey() {
  const t = useOwnerT("auth");
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ message?: string; error?: string } | null>(null);
  if (!hydrated || !supportsPasskeys()) {
    return <p className="mt-4 text-sm text-gray-600">{t("passkeys.needsBrowser")}</p>;
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    const { addPasskey } = await import("./passkey-ceremony");
    const words = { cancelled: t("passkeys.cancelled"), tryAgain: t("passkeys.tryAgain"), alreadyOnDevice: t("passkeys.alreadyOnDevice") };
    const result = await addPasskey("/settings/sign-in/passkey", name, words);
    setBusy(false);
    if (!result.ok) return setAnswer({ error: result.error });
    setName("");
    setAnswer({ message: t("passkeys.added") });
    await revalidator.revalidate();
  }

  return (
    <form onSubmit={add} className="mt-4 space-y-3">
      <Field id="passkey-name" label={t("passkeys.name")} hint={t("passkeys.nameHint")}>
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={PASSKEY_NAME_MAX}
            placeholder={t("passkeys.namePlaceholder")}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> : <KeyRound aria-hidden className="h-5 w-5" />}
          {t("passkeys.add")}
        </Button>
        <Answer answer={answer} />
      </div>
    </form>
  );
}
