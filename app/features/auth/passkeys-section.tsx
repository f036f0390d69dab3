/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { KeyRound, Loader2, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/components/use-hydrated";
import { PASSKEY_ADDED, PASSKEY_NAME_MAX, supportsPasskeys } from "./passkeys";
import type { PasskeyRow } from "./passkeys.server";

const added = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The signed-in person's passkeys: each with its name and date, Remove (asked first), and Add. */
export function PasskeysSection({ passkeys, result }: { passkeys: PasskeyRow[]; result?: { message?: string; error?: string } }) {
  return (
    <section aria-labelledby="section-passkeys" className={cardClass({ padding: "section" })}>
      <h2 id="section-passkeys" className="text-lg font-semibold text-gray-900">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        A passkey signs you in with this device's fingerprint, face or screen lock: no password to type at the till. Your password keeps working.
      </p>
      {passkeys.length ? (
        <ul aria-label="Your passkeys" className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-lg border border-dashed border-gray-300 p-3 text-sm text-gray-600">No passkeys yet.</p>
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
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium break-words text-gray-900">
          <KeyRound aria-hidden className="h-4 w-4 shrink-0 text-gray-500" /> {passkey.name}
        </p>
        <p className="text-sm text-gray-500">Added {added.format(new Date(passkey.createdAt))}</p>
      </div>
      <details>
        <summary
          className={buttonClass({ variant: "danger-outline", size: "sm", className: "cursor-pointer list-none" })}
          aria-label={`Remove ${passkey.name}`}
        >
          <Trash2 aria-hidden className="h-4 w-4" /> Remove
        </summary>
        <Form method="post" className="mt-2 max-w-72 rounded-lg border border-red-200 bg-red-50 p-3 text-sm">
          <p className="text-red-800">Remove {passkey.name}? It will no longer sign you in.</p>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <Button type="submit" variant="danger" size="sm" className="mt-2">
            Yes, remove this passkey
          </Button>
        </Form>
      </details>
    </li>
  );
}

/** Adding needs the browser's WebAuthn: without it (or without JavaScript) the section says so. */
function AddPasskey() {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ message?: string; error?: string } | null>(null);
  if (!hydrated || !supportsPasskeys()) {
    return <p className="mt-4 text-sm text-gray-600">Adding a passkey needs a browser with passkeys and JavaScript turned on.</p>;
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    const { addPasskey } = await import("./passkey-ceremony");
    const result = await addPasskey("/settings/sign-in/passkey", name);
    setBusy(false);
    if (!result.ok) return setAnswer({ error: result.error });
    setName("");
    setAnswer({ message: PASSKEY_ADDED });
    await revalidator.revalidate();
  }

  return (
    <form onSubmit={add} className="mt-4 space-y-3">
      <Field
        id="passkey-name"
        label="Name (optional)"
        hint="So you can tell your passkeys apart. Left empty, it is named after this browser and device."
      >
        {(control) => (
          <Input {...control} value={name} onChange={(event) => setName(event.target.value)} maxLength={PASSKEY_NAME_MAX} placeholder="Till tablet" />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> : <KeyRound aria-hidden className="h-5 w-5" />}
          Add a passkey
        </Button>
        <Answer answer={answer} />
      </div>
    </form>
  );
}
