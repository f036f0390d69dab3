import { KeyRound, Loader2, Mail } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClass, Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { enAuthForm } from "~/features/languages/owner/en-auth-form";
import { supportsPasskeys } from "./passkeys";

// Only on the sign-in page, signed out: English, from the catalogue without i18next (see auth-form.tsx).
const words = enAuthForm;

/**
 * Under the password form: a passkey (needs the browser's WebAuthn, so it appears once the page
 * runs) and an emailed link (a plain link: works without JavaScript).
 */
export function OtherWaysToSignIn() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canUsePasskey = hydrated && supportsPasskeys();

  async function usePasskey() {
    setBusy(true);
    setError(null);
    // The ceremony's code loads when it is used: the sign-in page stays within its byte budget.
    const { signInWithPasskey } = await import("./passkey-ceremony");
    const result = await signInWithPasskey("/signin/passkey");
    if (result.ok) {
      await navigate(result.to ?? "/dashboard", { replace: true });
      return;
    }
    setBusy(false);
    setError(result.error);
  }

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-xs tracking-wide text-gray-500 uppercase before:h-px before:flex-1 before:bg-gray-200 after:h-px after:flex-1 after:bg-gray-200">
        {words.or}
      </p>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {canUsePasskey ? (
        <Button variant="secondary" size="block" onClick={usePasskey} disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-5 w-5 animate-spin" /> : <KeyRound aria-hidden className="h-5 w-5" />}
          {words.withPasskey}
        </Button>
      ) : null}
      <Link to="/signin/email-link" className={buttonClass({ variant: "secondary", size: "block" })}>
        <Mail aria-hidden className="h-5 w-5" />
        {words.emailLink}
      </Link>
    </div>
  );
}
