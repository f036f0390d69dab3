// What the emailed sign-in link's pages say, in English (the owner catalogue's "auth.emailLink" and "auth.link"), for the tests.
// Rules: docs/features/accounts-and-billing.md ("Emailed sign-in links").
import { enAuth } from "~/features/languages/owner/en-auth";

export const SIGN_IN_LINK_REQUESTED = enAuth.auth.emailLink.sent;
