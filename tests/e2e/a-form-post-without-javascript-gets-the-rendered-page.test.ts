// A phone without JavaScript posts the capture form and gets the thank-you page. The HTTP edge
// answers that post from a template rendered once per campaign (decision 420); a post it does not
// take (here: a multipart body, as a form with that encoding sends) is answered by React Router's full render through Express. Both
// answers to the same lead are the same page, byte for byte but for each response's own nonce.
import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { uniqueEmail } from "../support/row-factories";
import { BROWSER_USER_AGENT, createCampaignForm, openCapture, signUpOver } from "./support/processes";

async function activeCampaign() {
  const cookie = await signUpOver(BASE_URL, uniqueEmail("nojs-template"));
  const form = createCampaignForm('Crumbs & <Co> "Late" Special');
  const created = await fetch(`${BASE_URL}/campaigns`, { method: "POST", headers: { cookie }, body: form, redirect: "manual" });
  expect(created.status).toBe(302);
  const campaignId = /\/campaigns\/([0-9a-f-]{36})/.exec(created.headers.get("location") ?? "")?.[1];
  expect(campaignId).toBeDefined();
  return campaignId!;
}

/** The form's post; `multipart`: encoded as multipart/form-data, which only Express takes. */
async function postForm(campaignId: string, fields: Record<string, string>, options: { multipart: boolean; gzip: boolean }) {
  const multipart = new FormData();
  for (const [name, value] of Object.entries(fields)) multipart.set(name, value);
  const response = await fetch(`${BASE_URL}/capture/${campaignId}`, {
    method: "POST",
    headers: { "user-agent": BROWSER_USER_AGENT, "accept-language": "fr-FR,fr;q=0.9", ...(options.gzip ? {} : { "accept-encoding": "identity" }) },
    body: options.multipart ? multipart : new URLSearchParams(fields),
    redirect: "manual",
  });
  const html = await response.text();
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? "no nonce";
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    cacheControl: response.headers.get("cache-control"),
    vary: response.headers.get("vary"),
    csp: (response.headers.get("content-security-policy") ?? "").replaceAll(nonce, "NONCE"),
    html: html.replaceAll(nonce, "NONCE"),
  };
}

test("the thank-you page after a form post is the page React Router renders, from the template or in full", async () => {
  const campaignId = await activeCampaign();
  for (const gzip of [false, true]) {
    const page = await openCapture(BASE_URL, campaignId, { "accept-language": "fr-FR,fr;q=0.9" });
    expect(page.token).not.toBeNull();
    const form = { name: "Zoë <b>", email: uniqueEmail("nojs-visitor"), phone: "", scanToken: page.token! };
    // The same post twice (a double submit of one scan): one lead, the same code in both answers.
    const fromTemplate = await postForm(campaignId, form, { multipart: false, gzip });
    const rendered = await postForm(campaignId, form, { multipart: true, gzip });

    expect(fromTemplate.status).toBe(200);
    expect(fromTemplate.html).toContain('data-testid="offer-code"');
    expect(fromTemplate.html).toContain("<svg");
    expect(fromTemplate).toEqual(rendered);
  }
});
