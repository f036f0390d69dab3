// Rules: docs/features/accounts-and-billing.md ("Recovery", "Passkeys", "Emailed sign-in links").
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import type { Env } from "~/utils/env.server";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { getServices, type Services } from "~/utils/services.server";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import {
  acceptLanguageOf,
  afterPasswordReset,
  onAddressVerified,
  RESET_PASSWORD_EXPIRES_IN,
  sendResetLink,
  sendSignInLink,
  sendVerificationLink,
  SIGN_IN_LINK_EXPIRES_IN,
  VERIFY_EMAIL_EXPIRES_IN,
} from "./account-emails.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth.schema";

export function createAuth({ db, env, secret }: { db: Database; env: Env; secret: string }) {
  const isLocalhost = ["localhost", "127.0.0.1", "[::1]"].includes(env.appUrl.hostname);
  return betterAuth({
    appName: "LeadQR",
    logger: { disabled: env.NODE_ENV === "test" },
    baseURL: env.appOrigin,
    secret,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // "Recovery": Better Auth's reset (single-use token in `verification`), mailed via the outbox.
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => sendResetLink(db, env, user, token, acceptLanguageOf(request)),
      onPasswordReset: async ({ user }, request) => afterPasswordReset(db, env, user, acceptLanguageOf(request)),
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN,
      sendVerificationEmail: async ({ user, token }, request) => sendVerificationLink(db, env, user, token, acceptLanguageOf(request)),
      afterEmailVerification: async (user) => onAddressVerified(db, env, user.id),
    },
    user: {
      // The new address gets the link (sendVerificationEmail); nothing changes until it is opened.
      changeEmail: { enabled: true },
      additionalFields: {
        // input: false — never settable from a sign-up or profile body.
        role: { type: "string", input: false, defaultValue: "user" },
        isPro: { type: "boolean", input: false, defaultValue: false },
        // The browser's language at sign-up, for the emails sent before the first signed-in page keeps it (rememberBrowserLanguage).
        browserLanguage: { type: "string", input: false, required: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Our own limiter (shared across processes, per address and per account) guards sign-in.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "leadqr",
      useSecureCookies: env.appUrl.protocol === "https:" || (env.isProduction && isLocalhost),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      passkey({
        rpName: "LeadQR",
        // The public address's host and origin: a ceremony from any other page is refused, and the
        // Origin header the browser sent is never what decides.
        rpID: env.appUrl.hostname,
        origin: env.appOrigin,
        // A discoverable credential: signing in asks for no email first.
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      }),
      magicLink({
        expiresIn: SIGN_IN_LINK_EXPIRES_IN,
        // Only the hash is stored: a read of the table yields no usable link.
        storeToken: "hashed",
        // A link signs in an existing account; it never creates one.
        disableSignUp: true,
        sendMagicLink: async ({ email, token }, ctx) => sendSignInLink(db, env, { email, token }, acceptLanguageOf(ctx?.request)),
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          before: async (user, context) => ({
            data: {
              ...user,
              // ADMIN_EMAILS grants admin only once the address is verified (onAddressVerified).
              role: "user",
              isPro: false,
              browserLanguage: ownerLanguageFor({ language: null }, context?.headers?.get("accept-language") ?? null),
            },
          }),
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const built = new WeakMap<Services, Auth>();

/** The process's Better Auth, built once over the shared database (rebuilt if the services are). */
export async function getAuth(): Promise<Auth> {
  const services = await getServices();
  let auth = built.get(services);
  if (!auth) {
    auth = createAuth({ db: services.db, env: services.env, secret: services.secret });
    built.set(services, auth);
  }
  return auth;
}
