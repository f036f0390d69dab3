import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { describeDevice } from "~/features/account/sessions.server";
import { getSessionUser } from "~/features/auth/session.server";
import * as settings from "~/routes/settings";
import * as signin from "~/routes/signin";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { getServices } from "~/utils/services.server";
import { DEFAULT_PASSWORD } from "../support/row-factories";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const LAPTOP = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";

async function secondSession(email: string, userAgent: string) {
  const signedIn = await callRoute(
    signin.action,
    makeRequest("/signin", {
      form: { email, password: DEFAULT_PASSWORD },
      headers: { "user-agent": userAgent, "x-leadqr-client-ip": "198.20.0.1" },
    }),
  );
  return signedIn.cookies;
}

describe("sessions in settings", () => {
  it("lists each device with this one marked, and signs the others out", async () => {
    const { email } = await createUser();
    const phone = await secondSession(email, PHONE);
    const laptop = await secondSession(email, LAPTOP);
    const page = (await callRoute(settings.loader, makeRequest("/settings", { cookie: laptop }))).data;
    expect(page.sessions).toHaveLength(3);
    expect(page.sessions[0]).toMatchObject({ current: true, device: "Safari on Mac OS" });
    expect(page.sessions.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect(page.sessions.map((session: { device: string }) => session.device)).toContain("Chrome on Android (Google Pixel 8)");

    const result = await callRoute(settings.action, makeRequest("/settings", { cookie: laptop, form: { intent: "sessions" } }));
    expect(result.data.message).toBe("Other sessions signed out");
    expect(await getSessionUser(makeRequest("/", { cookie: phone }))).toBeNull();
    expect(await getSessionUser(makeRequest("/", { cookie: laptop }))).not.toBeNull();
  });

  it("opens for a session made days ago, and lists only sessions that have not expired", async () => {
    const { id, email, cookie } = await createUser();
    const phone = await secondSession(email, PHONE);
    const { db } = await getServices();
    await db
      .update(schema.session)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) })
      .where(eq(schema.session.userId, id));
    await db.execute(sql`update session set expires_at = now() - interval '1 minute' where user_id = ${id} and user_agent = ${PHONE}`);
    const page = await callRoute(settings.loader, makeRequest("/settings", { cookie }));
    expect(page.status).toBe(200);
    expect(page.data.sessions).toHaveLength(1);
    expect(page.data.sessions[0]).toMatchObject({ current: true });
    expect(await getSessionUser(makeRequest("/", { cookie: phone }))).toBeNull();
  });

  it("keeps the current session when the password changes (the no-JavaScript post), ending the others", async () => {
    const { email, cookie } = await createUser();
    const other = await secondSession(email, PHONE);
    const result = await callRoute(
      settings.action,
      makeRequest("/settings", {
        cookie,
        form: { intent: "profile", email, currentPassword: DEFAULT_PASSWORD, newPassword: "a-new-password-9", confirmPassword: "a-new-password-9" },
      }),
    );
    expect(result.data.message).toBe("Profile updated successfully");
    // The document request's loaders run with the cookie the form was posted with.
    expect((await callRoute(settings.loader, makeRequest("/settings", { cookie }))).data.email).toBe(email);
    expect(await getSessionUser(makeRequest("/", { cookie: other }))).toBeNull();
  });

  it("names devices people recognise", () => {
    expect(describeDevice(PHONE)).toBe("Chrome on Android (Google Pixel 8)");
    expect(describeDevice(null)).toBe("Unknown device");
  });
});
