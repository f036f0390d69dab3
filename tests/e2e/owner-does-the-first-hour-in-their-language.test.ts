// The first hour in the owner's language (issue 53; docs/features/visitor-languages.md, "The owner's
// screens"): an owner whose browser prefers German signs up and does the first hour in German at a
// desktop, with no choice made (its emails too); another, with an Arabic phone, does it at 390 px,
// right to left.
// The screens' words are read from the catalogues (a few are spelled out, for the reader), and no
// page of the hour shows a sentence of the English catalogue. Screenshots: /tmp/shots/first-hour-*.png.
import { expect, test, type BrowserContextOptions, type Page } from "@playwright/test";
import ar from "../../app/features/languages/owner/ar/index";
import de from "../../app/features/languages/owner/de/index";
import en from "../../app/features/languages/owner/en";
import { claimOffer, signUp } from "./support/helpers";
import { decodedBody, linkIn, waitForMail } from "./support/mailbox";

test.describe.configure({ timeout: 240_000 });

type Catalogue = Record<string, unknown>;

/** A catalogue's words at a key path, with its placeholders filled ("wizard.summary.launch"). */
function wordsOf(catalogue: Catalogue) {
  return (path: string, values: Record<string, string> = {}) => {
    const found = path.split(".").reduce<unknown>((tree, key) => (tree as Catalogue | undefined)?.[key], catalogue);
    if (typeof found !== "string") throw new Error(`no words at ${path}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
  };
}

/** The English catalogue's sentences: long enough that none is a name or a word both languages share. */
const englishSentences = (function collect(tree: unknown): string[] {
  if (typeof tree === "string") return tree.length >= 24 && !tree.includes("{{") && !tree.includes("<") ? [tree] : [];
  return Object.values(tree as Catalogue).flatMap(collect);
})(en);

/** No sentence of the English catalogue on the page: every word on it came from the member's catalogue. */
async function expectNoEnglish(page: Page, where: string) {
  const text = await page.locator("body").innerText();
  expect
    .soft(
      englishSentences.filter((sentence) => text.includes(sentence)),
      `English on ${where}`,
    )
    .toEqual([]);
}

type Run = {
  language: "de" | "ar";
  catalogue: Catalogue;
  context: BrowserContextOptions;
  dir: "ltr" | "rtl";
  /** A few of the words, spelled out. */
  spelled: { dashboard: string; launch: string };
};

const RUNS: Run[] = [
  {
    language: "de",
    catalogue: de,
    context: { locale: "de-DE", viewport: { width: 1280, height: 900 } },
    dir: "ltr",
    spelled: { dashboard: "Übersicht", launch: "Kampagne starten" },
  },
  {
    language: "ar",
    catalogue: ar,
    context: { locale: "ar-EG", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    dir: "rtl",
    spelled: { dashboard: "لوحة التحكم", launch: "إطلاق الحملة" },
  },
];

const TITLE = "Croissant Morning";

for (const run of RUNS) {
  test(`an owner whose browser prefers ${run.language} does the first hour in it: sign up, launch, a lead, its email, the screens`, async ({
    browser,
  }) => {
    const context = await browser.newContext(run.context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const say = wordsOf(run.catalogue);
    const width = run.context.viewport!.width;
    const shot = (name: string) => page.screenshot({ path: `/tmp/shots/first-hour-${run.language}-${name}.png`, fullPage: true });

    /** The page speaks the language, in its direction, fits the screen, and shows no English sentence. */
    async function inTheLanguage(where: string) {
      await expect(page.locator("html")).toHaveAttribute("lang", run.language);
      await expect(page.locator("html")).toHaveAttribute("dir", run.dir);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(scrollWidth, `${where} is ${scrollWidth}px wide`).toBeLessThanOrEqual(width);
      await expectNoEnglish(page, where);
      await shot(where);
    }

    // Signing up (a page signed out is English) lands on the dashboard in the browser's language.
    const owner = await signUp(page);
    await expect(page.getByRole("heading", { level: 1, name: run.spelled.dashboard })).toBeVisible();
    // The verification email speaks the browser's language; confirming the address lets lead emails go out.
    const verification = await waitForMail(owner, say("emails.verify.subject"));
    expect(decodedBody(verification.raw)).toContain(`lang="${run.language}"`);
    await page.goto(linkIn(verification, "/verify-email"));
    await expect(page.getByRole("heading", { name: say("auth.verify.confirmedTitle") })).toBeVisible();
    await inTheLanguage("verified");
    await page.goto("/dashboard");
    await inTheLanguage("dashboard");

    // The wizard, as in English: a disabled Next says what is missing, in the language.
    await page
      .getByRole("region", { name: say("dashboard.gettingStarted.title") })
      .getByRole("link", { name: say("dashboard.gettingStarted.create.action") })
      .click();
    const wizard = page.getByRole("dialog", { name: say("wizard.createTitle") });
    const next = wizard.getByRole("button", { name: say("wizard.next") });
    await expect(next).toBeDisabled();
    const [missingBefore] = say("wizard.missing").split("{{fields}}");
    await expect(next).toHaveAccessibleDescription(new RegExp(`^${missingBefore!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await wizard.getByLabel(say("wizard.details.title")).fill(TITLE);
    await wizard.getByLabel(say("wizard.details.businessType")).selectOption("Bakery");
    await wizard.getByLabel(say("wizard.details.offer"), { exact: true }).fill("Croissant");
    await wizard.getByLabel(say("wizard.details.condition")).fill("☕");
    await next.click();
    await expect(wizard.getByText(say("wizard.steps.design"))).toBeFocused();
    await expect(wizard.getByLabel(say("wizard.copy.headline"))).not.toHaveValue("");
    await wizard.getByRole("button", { name: say("wizard.next") }).click();
    await expect(wizard.getByText(say("wizard.steps.launch"))).toBeFocused();
    await expectNoEnglish(page, "the wizard's last step");
    await wizard.getByRole("button", { name: run.spelled.launch }).click();

    // Live, with the next steps in the language.
    await expect(page.getByRole("heading", { name: say("live.title") })).toBeFocused();
    const campaignId = /\/campaigns\/([0-9a-f-]{36})\?live=1$/.exec(page.url())?.[1];
    expect(campaignId, page.url()).toBeTruthy();
    const live = page.getByRole("region", { name: say("live.title") });
    await expect(live.getByRole("link", { name: say("live.test.open") })).toHaveAttribute("href", `/capture/${campaignId}`);
    await expect(live.getByRole("textbox", { name: say("live.link.label") })).toHaveValue(new RegExp(`/capture/${campaignId}$`));
    await inTheLanguage("live");

    // A visitor claims (their page speaks their own phone's language); the owner's email speaks the owner's.
    await claimOffer(browser, campaignId!, { name: "Ada Visitor", email: `ada.${run.language}@example.com` });
    const mail = await waitForMail(owner, say("emails.newLead.subject", { campaign: TITLE }));
    expect(decodedBody(mail.raw)).toContain(`lang="${run.language}"`);

    // The screens of the hour: leads, the lead, the campaign, its print page, Settings.
    await page.goto("/leads");
    await expect(page.getByRole("heading", { level: 1, name: say("leads.title") })).toBeVisible();
    const lead = page.getByRole("link", { name: "Ada Visitor" }).filter({ visible: true }).first();
    await expect(lead).toBeVisible();
    await inTheLanguage("leads");
    await lead.click();
    await expect(page.getByRole("heading", { level: 1, name: "Ada Visitor" })).toBeVisible();
    await expect(page.getByText(say("lead.from", { campaign: TITLE }))).toBeVisible();
    await inTheLanguage("lead");
    for (const [where, url] of [
      ["campaigns", "/campaigns"],
      ["campaign", `/campaigns/${campaignId}`],
      ["print", `/campaigns/${campaignId}/print`],
      ["settings", "/settings"],
      ["notifications", "/settings/notifications"],
      ["team", "/settings/team"],
      ["sign-in", "/settings/sign-in"],
    ] as const) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await inTheLanguage(where);
    }
    // No choice was made: Settings offers the browser's language as it is.
    await page.goto("/settings");
    await expect(page.getByRole("combobox", { name: say("settings.language.label") })).toHaveValue("");

    expect(
      problems.filter((text) => /hydrat|did not match/i.test(text)),
      "hydration",
    ).toEqual([]);
    await context.close();
  });
}
