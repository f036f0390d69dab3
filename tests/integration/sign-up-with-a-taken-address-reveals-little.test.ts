import { describe, expect, it } from "vitest";
import { ADDRESS_TAKEN } from "~/features/auth/auth-actions.server";
import * as signup from "~/routes/signup";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { outboxFor } from "../support/accounts-support";
import { DEFAULT_PASSWORD } from "../support/row-factories";

const signUpAs = (email: string, ip: string) =>
  callRoute(signup.action, makeRequest("/signup", { form: { email, password: DEFAULT_PASSWORD }, headers: { "x-leadqr-client-ip": ip } }));

describe("signing up with a taken address", () => {
  it("says so a handful of times per client per hour, then gives the generic refusal", async () => {
    const { email } = await createUser();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signUpAs(email, "198.19.0.1"));
    for (const answer of answers.slice(0, 5)) {
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ error: ADDRESS_TAKEN, taken: true });
    }
    expect(answers[5].status).toBe(429);
    expect(answers[5].data.error).toBe("Too many attempts. Please wait a moment and try again.");
    expect(answers[5].data.taken).toBeUndefined();
    // Another client still gets the helpful answer.
    expect((await signUpAs(email, "198.19.0.2")).data.taken).toBe(true);
  });

  it("emails the owner at most once a day", async () => {
    const { email } = await createUser();
    await signUpAs(email, "198.19.1.1");
    await signUpAs(email, "198.19.1.2");
    await signUpAs(email, "198.19.1.3");
    const notices = (await outboxFor(email)).filter((row) => row.kind === "signup_attempt");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe("Someone tried to create an account with your address");
  });
});
