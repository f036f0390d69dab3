// Enterprise is white-label (decision 433): an admin puts an account on Enterprise, and its
// visitors never meet the LeadQR name — not on the capture page, the thank-you, the privacy notice
// or the withdraw page, nor in the emails (sender and foot) that reach a real SMTP server. A Pro
// account's visitors still see the small credit.
import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { endOfDayIn } from "~/features/redeem/offer";
import * as adminSubscriptions from "~/routes/admin.subscriptions";
import * as capturePrivacy from "~/routes/capture-privacy";
import * as capture from "~/routes/capture";
import * as consentConfirm from "~/routes/consent.confirm";
import * as consentWithdraw from "~/routes/consent.withdraw";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { useMailbox, type Received } from "../support/smtp-support";
import { phoneUserAgent } from "../support/row-factories";

let phones = 0;

/** The route's component rendered on the server with what its loader (and action) returned. */
function render(Component: unknown, loaderData: unknown, actionData?: unknown, path = "/page") {
  const Stub = createRoutesStub([{ id: "page", path: "*", Component: Component as ComponentType }]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { page: loaderData }, ...(actionData === undefined ? {} : { actionData: { page: actionData } }) },
    }),
  );
}

// The operator's own address names the product; visitor mail goes from the neutral one it set
// for it (VISITOR_EMAIL_FROM), so an Enterprise visitor's email does not say LeadQR anywhere.
const { deliveredTo } = useMailbox("LeadQR <hello@leadqr.example>", "Visitor Mail <visitors@mail.example>");
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

/** An owner whose campaign asks for double opt-in, with a business name, address and offer. */
async function ownerWithCampaign(plan: "pro" | "enterprise", consentMode: "double_opt_in" | "notice") {
  const { db } = await getServices();
  const owner = await createUser({ isPro: plan === "pro" });
  if (plan === "enterprise") {
    const granted = await callRoute(
      adminSubscriptions.action,
      makeRequest("/admin/subscriptions", { cookie: admin.cookie, form: { intent: "setPlan", userId: owner.id, plan: "enterprise" } }),
    );
    expect(granted.data).toEqual({ message: "Plan set to Enterprise." });
  }
  const campaign = await createCampaignRow(owner.id, { title: "Pastry Week" });
  await db.update(schema.campaign).set({ consentMode }).where(eq(schema.campaign.id, campaign.id));
  if (plan === "enterprise" || consentMode === "double_opt_in") {
    await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Bean There Café" }).onConflictDoNothing();
    await db.insert(schema.businessIdentity).values({ userId: owner.id, postalAddress: "1 Main Street\nSpringfield" }).onConflictDoNothing();
  }
  await db
    .insert(schema.offerRule)
    .values({ campaignId: campaign.id, expiry: "until", validUntil: "2099-12-31", validUntilAt: endOfDayIn("2099-12-31", "UTC") });
  return { owner, campaignId: campaign.id };
}

/** One phone opens the capture page and claims; the page and the thank-you as rendered. */
async function claimOnPhone(campaignId: string, email: string) {
  const headers = { "user-agent": phoneUserAgent(), [CLIENT_IP_HEADER]: `198.18.43.${++phones}` };
  // `?lang=en`: the switcher's link, so the language cookie is set too.
  const page = await callRoute(capture.loader, makeRequest(`/capture/${campaignId}?lang=en`, { headers }), { campaignId });
  expect(page.status).toBe(200);
  const form = { name: "Dana Scully", email, marketingConsent: "yes", scanToken: page.data.scanToken, website: "" };
  const thanks = await callRoute(capture.action, makeRequest(`/capture/${campaignId}`, { form, headers }), { campaignId });
  expect(thanks.status).toBe(200);
  return {
    cookies: page.headers.getSetCookie(),
    pageHtml: render(capture.default, page.data, undefined, `/capture/${campaignId}`),
    thanksHtml: render(capture.default, page.data, thanks.data, `/capture/${campaignId}`),
  };
}

/** A header's encoded words (RFC 2047) decoded, so a brand split across them is still found. */
function decodeWords(value: string) {
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
          "latin1",
        ).toString("utf8"),
  );
}
/** The message's header block, unfolded and decoded. */
const headersOf = (mail: Received) => decodeWords(mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " "));
/** The message's body as sent, quoted-printable soft line breaks joined (the text part's foot included). */
const bodyOf = (mail: Received) =>
  mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n")
    .replace(/=\r?\n/g, "");
const fromOf = (mail: Received) => /^From: (.*)$/m.exec(headersOf(mail))?.[1];
const subjectOf = (mail: Received) => /^Subject: (.*)$/m.exec(headersOf(mail))?.[1];

describe("Enterprise white-label", () => {
  it("an Enterprise account's pages and visitor emails never name LeadQR", async () => {
    const { campaignId } = await ownerWithCampaign("enterprise", "double_opt_in");
    const { cookies, pageHtml, thanksHtml } = await claimOnPhone(campaignId, "dana@example.com");
    expect(pageHtml).toContain("Claim My Offer");
    expect(thanksHtml).toContain("Thank You!");
    expect(pageHtml).not.toMatch(/leadqr/i);
    expect(thanksHtml).not.toMatch(/leadqr/i);
    // The cookies the page sets, as the visitor's browser lists them (issue 52 finding 8b).
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["v_id", "v_lang"]);

    const privacy = await callRoute(capturePrivacy.loader, makeRequest(`/capture/${campaignId}/privacy`), { campaignId });
    const privacyHtml = render(capturePrivacy.default, privacy.data, undefined, `/capture/${campaignId}/privacy`);
    expect(privacyHtml).toContain("The service that runs this page stores these details on behalf of Bean There Café, as its processor.");
    // Nor in the cookie paragraph, which names the cookies.
    expect(privacyHtml).toContain("v_id");
    expect(privacyHtml).not.toMatch(/leadqr/i);
    // Nor in the page's source: the words shipped for the browser (its hydration data) are only unbranded ones.
    expect(JSON.stringify(privacy.data)).not.toMatch(/leadqr/i);

    const [confirmation] = await deliveredTo("dana@example.com");
    expect(subjectOf(confirmation!)).toBe("Please confirm: emails from Bean There Café");
    expect(fromOf(confirmation!)).toBe("Bean There Café <visitors@mail.example>");
    expect(confirmation!.html).toContain("Sent on behalf of Bean There Café.");
    // Not in any header: the sender's address, the Message-ID.
    expect(headersOf(confirmation!)).not.toMatch(/leadqr/i);
    expect(bodyOf(confirmation!)).toContain("Sent on behalf of Bean There Caf");
    expect(bodyOf(confirmation!)).not.toMatch(/leadqr/i);

    const confirmToken = /\/consent\/confirm\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text)![1]!;
    const confirmPage = await callRoute(consentConfirm.loader, makeRequest(`/consent/confirm/${confirmToken}`), { token: confirmToken });
    expect(confirmPage.status).toBe(200);
    expect(JSON.stringify(confirmPage.data)).not.toMatch(/leadqr/i);

    const token = /\/consent\/withdraw\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text)![1]!;
    const withdrawPage = await callRoute(consentWithdraw.loader, makeRequest(`/consent/withdraw/${token}`), { token });
    const withdrawn = await callRoute(consentWithdraw.action, makeRequest(`/consent/withdraw/${token}`, { form: {} }), { token });
    const withdrawHtml = render(consentWithdraw.default, withdrawPage.data, withdrawn.data, `/consent/withdraw/${token}`);
    expect(withdrawHtml).toContain("You will not receive marketing emails from this business any more.");
    expect(withdrawHtml).not.toMatch(/leadqr/i);
    expect(JSON.stringify(withdrawPage.data)).not.toMatch(/leadqr/i);

    // The offer code's own email (a notice campaign sends it on its own).
    const notice = await ownerWithCampaign("enterprise", "notice");
    await claimOnPhone(notice.campaignId, "fox@example.com");
    const [code] = await deliveredTo("fox@example.com");
    expect(subjectOf(code!)).toBe("Your offer code from Bean There Café");
    expect(fromOf(code!)).toBe("Bean There Café <visitors@mail.example>");
    expect(headersOf(code!)).not.toMatch(/leadqr/i);
    expect(bodyOf(code!)).toContain("Sent on behalf of Bean There Caf");
    expect(bodyOf(code!)).not.toMatch(/leadqr/i);
  });

  it("a Pro account's visitors still see the small LeadQR credit", async () => {
    const { campaignId } = await ownerWithCampaign("pro", "double_opt_in");
    await claimOnPhone(campaignId, "walter@example.com");
    const privacy = await callRoute(capturePrivacy.loader, makeRequest(`/capture/${campaignId}/privacy`), { campaignId });
    expect(render(capturePrivacy.default, privacy.data)).toContain("LeadQR runs this page");
    const [confirmation] = await deliveredTo("walter@example.com");
    expect(fromOf(confirmation!)).toBe("Bean There Café via LeadQR <visitors@mail.example>");
    expect(confirmation!.html).toContain("Sent by LeadQR on behalf of Bean There Café.");
    expect(bodyOf(confirmation!)).toContain("LeadQR");
  });

  it("Enterprise has Pro's limits and shows as Enterprise to the admin; removing it takes both away", async () => {
    const { db } = await getServices();
    const { owner } = await ownerWithCampaign("enterprise", "notice");
    expect(await getPlanOfUser(db, { userId: owner.id })).toEqual({ isPro: true, name: "Enterprise", whiteLabel: true });
    const listed = await callRoute(
      adminSubscriptions.loader,
      makeRequest(`/admin/subscriptions?q=${encodeURIComponent(owner.email)}`, { cookie: admin.cookie }),
    );
    expect(listed.data.rows).toMatchObject([{ email: owner.email, plan: "Enterprise", grant: "enterprise" }]);
    await callRoute(
      adminSubscriptions.action,
      makeRequest("/admin/subscriptions", { cookie: admin.cookie, form: { intent: "setPlan", userId: owner.id, plan: "free" } }),
    );
    const after = await callRoute(
      adminSubscriptions.loader,
      makeRequest(`/admin/subscriptions?q=${encodeURIComponent(owner.email)}`, { cookie: admin.cookie }),
    );
    expect(after.data.rows).toMatchObject([{ email: owner.email, plan: "Free", grant: "free" }]);
    expect((await getPlanOfUser(db, { userId: owner.id })).isPro).toBe(false);
  });
});
