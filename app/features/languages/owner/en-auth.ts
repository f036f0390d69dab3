// Signing in, account recovery, email confirmation and passkeys, English. Spread into the catalogue
// by en.ts. A page signed out reads English (ownerLanguageFor); a signed-in member reads their own.
// The constants of sign-in-link.ts and passkeys.ts are read from here.
// Rules: docs/features/visitor-languages.md ("The owner's screens").
import { enAuthForm } from "./en-auth-form";
import { enPasskeys } from "./en-passkeys";

export const enAuth = {
  auth: {
    form: enAuthForm,
    request: {
      email: "Email address",
      sendAnother: "Send another link",
      backToSignIn: "Back to sign in",
    },
    forgot: {
      pageTitle: "Forgot Password · LeadQR",
      title: "Forgot your password?",
      intro: "Enter your account's email address and we'll email you a link to choose a new password.",
      sent: "If an account exists for that address, we've sent a link",
      terms: "The link works once and is valid for 1 hour.",
      submit: "Send reset link",
    },
    emailLink: {
      pageTitle: "Email Me a Sign-in Link · LeadQR",
      title: "Email me a sign-in link",
      intro: "Enter your account's email address and we'll email you a link that signs you in, no password needed.",
      sent: "If an account exists for that address, we've sent a sign-in link.",
      terms: "The link works once and is valid for 15 minutes.",
      submit: "Email me a sign-in link",
    },
    link: {
      pageTitle: "Sign In · LeadQR",
      invalidTitle: "Sign-in link not valid",
      invalid: "This sign-in link has expired or has already been used.",
      invalidHint: "Sign-in links work once and for 15 minutes. Ask for a new one and use the latest email.",
      newLink: "Email me a new link",
      title: "Sign in to LeadQR",
      as: "as {{email}}",
      submit: "Sign in",
    },
    reset: {
      pageTitle: "Reset Password · LeadQR",
      doneTitle: "Password changed",
      done: "Your password has been changed. Sign in with your new password.",
      apiKeys_one:
        "{{count}} API key made before the reset still works: integrations keep running. If someone else may have used your password, sign in and choose “Revoke all keys” under Settings → Integrations.",
      apiKeys_other:
        "{{count}} API keys made before the reset still work: integrations keep running. If someone else may have used your password, sign in and choose “Revoke all keys” under Settings → Integrations.",
      signIn: "Sign in",
      invalidTitle: "Reset link not valid",
      invalid: "This password reset link has expired or has already been used.",
      invalidHint: "Reset links work once and for 1 hour. Ask for a new one and use the latest email.",
      requestNew: "Request a new link",
      title: "Choose a new password",
      newPassword: "New password",
      confirmPassword: "Confirm new password",
      submit: "Set new password",
      signsOut: "Signing in anywhere else ends when you set a new password.",
    },
    verify: {
      pageTitle: "Confirm Email · LeadQR",
      banner: "Please confirm your email address: we sent a link to <strong>{{email}}</strong>. Until then, lead notifications are held.",
      resendLink: "Resend link",
      inboxTitle: "Check your inbox",
      resent: "We sent a new confirmation link. It is valid for 24 hours.",
      backToDashboard: "Back to your dashboard",
      changedTitle: "Email address changed",
      confirmedTitle: "Email address confirmed",
      changed: "Your account now uses {{email}}.",
      confirmed: "Thanks, your email address is confirmed. Lead notifications are on.",
      goToDashboard: "Go to your dashboard",
      signIn: "Sign in",
      title: "Confirm your email address",
      invalid: "This confirmation link has expired or is not valid.",
      newLinkHint: "We can send you a new link, valid for 24 hours.",
      sendNew: "Send a new link",
      goToSettings: "Go to settings",
      signInToAsk: "Sign in to ask for a new link.",
      alreadyConfirmed: "Your email address is already confirmed.",
      notSent: "We could not send a new link. Please try again later.",
    },
    signInSettings: {
      pageTitle: "Sign-in and Passkeys · LeadQR",
      title: "Sign-in and passkeys",
      description: "How {{email}} signs in to LeadQR.",
      back: "← {{label}}",
      backToCounter: "Back to the counter",
      backToDashboard: "Back to the dashboard",
      backToSettings: "Back to settings",
      otherWays: "Other ways in",
      password: "Your email address and password, as always.",
      emailLink: "<strong>Email me a sign-in link</strong> on the sign-in page: a link to your address that signs you in once, within 15 minutes.",
      unknownAction: "Unknown action",
    },
    passkeys: enPasskeys,
  },
};
