// The browser and the action parse a form with the same schema (decision 166): the same messages
// on both sides, the action's reply rendered at the fields when JavaScript is off, no password echoed.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ProfileSchema } from "~/features/account/account.schema";
import { CredentialsSchema } from "~/features/auth/auth.schema";
import { SignUpSchema } from "~/features/auth/sign-up.schema";
import { PostInputSchema, REQUIRED_FIELDS } from "~/features/blog/blog.schema";
import * as settings from "~/routes/settings";
import * as signin from "~/routes/signin";
import * as signup from "~/routes/signup";
import { parseFormWith, serverOnlyErrors } from "~/utils/form";
import { parseSubmission } from "~/utils/http.server";
import { createUser } from "../support/factories";
import { uniqueEmail } from "../support/row-factories";
import { callRoute, makeRequest } from "../support/http";

function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

function render(Component: unknown, loaderData: unknown, actionData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "*", Component: Component as ComponentType }]);
  return renderToString(
    createElement(Stub, { initialEntries: ["/page"], hydrationData: { loaderData: { page: loaderData }, actionData: { page: actionData } } }),
  );
}

describe("one schema in the browser and in the action", () => {
  it.each([
    [CredentialsSchema, { email: "", password: "" }, "email", "You must provide either an email or phone number and a password"],
    [CredentialsSchema, { email: "not-an-address", password: "secret-1" }, "email", "Please enter a valid email address"],
    [SignUpSchema, { email: "a@example.com", password: "abc" }, "password", "Password must be at least 6 characters"],
    [
      ProfileSchema,
      { email: "a@example.com", newPassword: "brand-new-1", confirmPassword: "brand-new-2" },
      "confirmPassword",
      "New passwords do not match",
    ],
    [PostInputSchema, { title: "   ", slug: "", content: "" }, "title", REQUIRED_FIELDS],
  ] as const)("gives the spec's message for %#", (schema, fields, field, message) => {
    const browser = parseFormWith(schema, formData(fields));
    if (browser.status !== "error") throw new Error("expected the browser to refuse the form");
    expect(browser.error?.[field]?.[0]).toBe(message);
    const server = parseSubmission(schema, fields);
    expect(server.ok).toBe(false);
    if (!server.ok) expect(server.fieldErrors[field]).toBe(message);
  });

  it("never echoes hidden fields in the reply", () => {
    const parsed = parseSubmission(CredentialsSchema, { email: "nope", password: "hunter22" }, { hideFields: ["password"] });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(JSON.stringify(parsed.result)).not.toContain("hunter22");
  });

  it("keeps the server's own errors apart from the schema's", () => {
    const result = parseSubmission(CredentialsSchema, { email: "", password: "x" });
    if (result.ok) throw new Error("expected a failure");
    expect(serverOnlyErrors({ email: "Taken", offerValidDays: "Please enter a number" }, result.result)).toEqual({
      offerValidDays: "Please enter a number",
    });
  });
});

describe("the action's reply", () => {
  it("sign-in answers a bad address with the reply, and the page shows it at the field without JavaScript", async () => {
    const answer = await callRoute(signin.action, makeRequest("/signin", { form: { email: "not-an-address", password: "secret-1" } }));
    expect(answer.status).toBe(400);
    const body = answer.data;
    expect(body.error).toBe("Please enter a valid email address");
    expect(JSON.stringify(body.result)).not.toContain("secret-1");
    const html = render(signin.default, null, body);
    expect(html).toMatch(/<input[^>]*id="email"[^>]*aria-invalid="true"[^>]*aria-describedby="email-error"/);
    expect(html).toContain('<p id="email-error" class="mt-1 text-sm text-red-600">Please enter a valid email address</p>');
    expect(html).not.toContain('role="alert"');
  });

  it("sign-up still shows what only the server knows in the alert", async () => {
    const { email } = await createUser();
    const answer = await callRoute(signup.action, makeRequest("/signup", { form: { email, password: "a-fine-secret-9" } }));
    const html = render(signup.default, null, answer.data);
    expect(html).toMatch(/role="alert"[^>]*>.*An account with this email already exists/s);
  });

  it("settings answers mismatched passwords at the field", async () => {
    const { cookie } = await createUser({ email: uniqueEmail() });
    const answer = await callRoute(
      settings.action,
      makeRequest("/settings", {
        cookie,
        form: { intent: "profile", email: "owner@example.com", currentPassword: "x", newPassword: "brand-new-1", confirmPassword: "brand-new-2" },
      }),
    );
    expect(answer.status).toBe(400);
    const body = answer.data;
    expect(body.fieldErrors.confirmPassword).toBe("New passwords do not match");
    expect(JSON.stringify(body.result)).not.toMatch(/brand-new/);
  });
});
