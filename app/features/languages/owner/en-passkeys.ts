// The passkeys' words, English: a module of its own, loaded by the passkey ceremony only when it
// runs. Part of `auth` (en-auth.ts).
/** The passkeys' words: an export of their own for the same reason (the sign-in page's passkey button and its ceremony). */
export const enPasskeys = {
  title: "Passkeys",
  description:
    "A passkey signs you in with this device's fingerprint, face or screen lock: no password to type at the till. Your password keeps working.",
  list: "Your passkeys",
  empty: "No passkeys yet.",
  addedOn: "Added {{date}}",
  removeNamed: "Remove {{name}}",
  remove: "Remove",
  removeQuestion: "Remove {{name}}? It will no longer sign you in.",
  removeConfirm: "Yes, remove this passkey",
  needsBrowser: "Adding a passkey needs a browser with passkeys and JavaScript turned on.",
  name: "Name (optional)",
  nameHint: "So you can tell your passkeys apart. Left empty, it is named after this browser and device.",
  namePlaceholder: "Till tablet",
  add: "Add a passkey",
  added: "Passkey added. You can now sign in with it.",
  removed: "Passkey removed.",
  alreadyRemoved: "That passkey was already removed.",
  choose: "Choose a passkey",
  nameTooLong: "Name must be at most {{max}} characters",
  notRecognised: "That passkey did not sign you in. Try again, or sign in with your password or an emailed link.",
  needsFreshSignIn: "For your security, sign out and sign in again (within the last day) before adding a passkey.",
  notAdded: "The passkey was not added. Try again.",
  cancelled: "No passkey was used. Try again when you are ready.",
  tryAgain: "Something went wrong. Please try again.",
  alreadyOnDevice: "This device already has a passkey for your sign-in.",
};
