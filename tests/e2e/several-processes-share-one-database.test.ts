// DESIGN: "nothing may assume a single process". Two production servers on one PostgreSQL.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  BROWSER_USER_AGENT,
  createCampaignOver,
  freshDatabase,
  openCapture,
  signUpOver,
  startServer,
  submitLeadOver,
  tmpDir,
  waitHealthy,
} from "./support/processes";

test.describe.configure({ mode: "serial", timeout: 180_000 });

type Mail = { to: string[]; subject: string; raw: string };
type SmtpStub = { start(): Promise<{ SMTP_URL: string; SMTP_STUB_URL: string }> };

let database: Awaited<ReturnType<typeof freshDatabase>>;
let servers: Array<ReturnType<typeof startServer>> = [];
let smtp: { SMTP_URL: string; SMTP_STUB_URL: string };
let shared: Record<string, string>;

test.beforeAll(async () => {
  database = await freshDatabase();
  // One mail server for both processes, started here in the test runner.
  smtp = await ((await import(path.resolve("tests/e2e/stubs/smtp.mjs"))) as SmtpStub).start();
  shared = {
    DATABASE_URL: database.url,
    BETTER_AUTH_SECRET: "a-shared-secret-for-both-processes-0123456789",
    SMTP_URL: smtp.SMTP_URL,
    // Behind a load balancer: visitors are told apart by X-Forwarded-For (the lead limit is per address).
    TRUST_PROXY: "1",
    // The webhook receiver of the delivery test listens on 127.0.0.1 over http.
    WEBHOOKS_ALLOW_PRIVATE: "true",
  };
  servers = [startServer({ ...shared, DATA_DIR: tmpDir() }), startServer({ ...shared, DATA_DIR: tmpDir() })];
  await Promise.all(servers.map((server) => waitHealthy(server.port)));
});

test.afterAll(async () => {
  for (const server of servers) server.child.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.exited));
  await database.drop();
});

test("a session made on one process works on the other", async () => {
  const [a, b] = servers;
  const cookie = await signUpOver(a!.url, `multi-${Date.now()}@example.com`);
  const response = await fetch(`${b!.url}/settings`, { headers: { cookie }, redirect: "manual" });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("Account information");
});

test("the sign-in limit per account holds across both processes", async () => {
  const [a, b] = servers;
  const email = `limited-${Date.now()}@example.com`;
  await signUpOver(a!.url, email);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    const server = attempt % 2 === 0 ? a! : b!;
    const response = await fetch(`${server.url}/signin`, {
      method: "POST",
      body: new URLSearchParams({ email, password: "wrong-password" }),
      redirect: "manual",
    });
    statuses.push(response.status);
  }
  expect(statuses.filter((status) => status === 401)).toHaveLength(10);
  expect(statuses.slice(10)).toEqual([429, 429]);
});

/** Signs up a free owner on `server` and creates one active campaign; returns the session and the campaign id. */
async function ownerWithCampaign(server: { url: string }, email: string) {
  const cookie = await signUpOver(server.url, email);
  expect(await createCampaignOver(server.url, cookie, "Shared Campaign")).toBe(302);
  const [row] = await database.query(`select c.id from campaign c join "user" u on u.id = c.user_id where u.email = $1`, [email]);
  return { cookie, campaignId: row.id as string };
}

test("50 parallel first loads of a free campaign over both processes record exactly 5 scans", async () => {
  const [a, b] = servers;
  const { campaignId } = await ownerWithCampaign(a!, `scans-${Date.now()}@example.com`);
  const pages = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      openCapture((index % 2 === 0 ? a! : b!).url, campaignId, { "x-forwarded-for": `198.51.100.${index + 1}` }),
    ),
  );
  expect(pages.map((page) => page.status)).toEqual(Array(50).fill(200));
  expect(pages.filter((page) => page.token !== null)).toHaveLength(5);
  expect(pages.filter((page) => page.html.includes("Scan Limit Reached!"))).toHaveLength(45);
  const [counts] = await database.query(
    `select (select count(*)::int from scan where campaign_id = $1) as scans, (select scan_count from campaign where id = $1) as counter`,
    [campaignId],
  );
  expect(counts).toEqual({ scans: 5, counter: 5 });
});

test("70 loads from one address and 70 from one /64, alternating between the processes, count 30 visitors (and one more per process) each; the rest can still claim", async () => {
  const [a, b] = servers;
  const { campaignId } = await ownerWithCampaign(a!, `bursts-${Date.now()}@example.com`);
  await database.query(`update "user" u set is_pro = true from campaign c where c.id = $1 and u.id = c.user_id`, [campaignId]);
  for (const addressOf of [() => "192.0.2.200", (n: number) => `2001:db8:200:1::${(n + 1).toString(16)}`]) {
    const before = (await database.query(`select count(*)::int as n from scan where campaign_id = $1`, [campaignId]))[0].n as number;
    const pages = [];
    // One after the other: each server's own window admits 30, so only the shared window can hold
    // the client near 30 (a client's first visitor in a process is not written to it: at most one more per server).
    for (let n = 0; n < 70; n++) pages.push(await openCapture((n % 2 === 0 ? a! : b!).url, campaignId, { "x-forwarded-for": addressOf(n) }));
    expect(pages.map((page) => page.status)).toEqual(Array(70).fill(200));
    const after = (await database.query(`select count(*)::int as n from scan where campaign_id = $1`, [campaignId]))[0].n as number;
    expect(after - before).toBeGreaterThanOrEqual(30);
    expect(after - before).toBeLessThanOrEqual(30 + servers.length);
    expect(pages.filter((page) => page.token?.startsWith("c1."))).toHaveLength(70 - (after - before));
    // A phone past the allowance claims on the other process with the token the first one gave it.
    const last = pages.at(-1)!;
    const response = await fetch(`${a!.url}/capture/${campaignId}/lead`, {
      method: "POST",
      headers: { "user-agent": BROWSER_USER_AGENT, "x-forwarded-for": addressOf(69) },
      body: new URLSearchParams({ name: "Late Phone", email: `late-${after}@example.com`, scanToken: last.token! }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { claim?: { code: string } }).claim?.code).toBeTruthy();
  }
});

test("20 parallel creates by a free owner over both processes make one campaign", async () => {
  const [a, b] = servers;
  const email = `creates-${Date.now()}@example.com`;
  const cookie = await signUpOver(b!.url, email);
  const statuses = await Promise.all(
    Array.from({ length: 20 }, (_, index) => createCampaignOver((index % 2 === 0 ? a! : b!).url, cookie, `Race ${index}`)),
  );
  expect(statuses.filter((status) => status === 302)).toHaveLength(1);
  expect(statuses.filter((status) => status === 403)).toHaveLength(19);
  const rows = await database.query(`select c.title from campaign c join "user" u on u.id = c.user_id where u.email = $1`, [email]);
  expect(rows).toHaveLength(1);
});

test("the email workers of both processes send each new-lead email exactly once", async () => {
  const [a, b] = servers;
  const ownerEmail = `mailbox-${Date.now()}@example.com`;
  const cookie = await signUpOver(a!.url, ownerEmail);
  // Pro, so the campaigns take more than 5 scans; this owner chose 20 single emails a minute per
  // campaign before a digest (decision 301), so each of 15 leads per campaign is its own email.
  // Verified too: an unverified owner's lead emails are held until they confirm the address (issue 16).
  await database.query(`update "user" set is_pro = true, email_verified = true where email = $1`, [ownerEmail]);
  await database.query(`insert into notification_setting (user_id, lead_emails_per_minute) select id, 20 from "user" where email = $1`, [ownerEmail]);
  expect(await createCampaignOver(a!.url, cookie, "Morning")).toBe(302);
  expect(await createCampaignOver(b!.url, cookie, "Evening")).toBe(302);
  const campaigns = (await database.query(`select c.id from campaign c join "user" u on u.id = c.user_id where u.email = $1`, [ownerEmail])).map(
    (row) => row.id as string,
  );
  expect(campaigns).toHaveLength(2);

  const leads = Array.from({ length: 30 }, (_, index) => ({ name: `Visitor ${index}`, email: `visitor-${index}-${Date.now()}@example.com` }));
  const results = await Promise.all(
    leads.map((lead, index) =>
      submitLeadOver((index % 2 === 0 ? a! : b!).url, campaigns[index < 15 ? 0 : 1]!, lead, { "x-forwarded-for": `203.0.113.${index + 1}` }),
    ),
  );
  expect(results.map((result) => result.status)).toEqual(Array(30).fill(200));
  expect(results.every((result) => result.html.includes("Thank You!"))).toBe(true);

  const newLeadMails = async () =>
    ((await (await fetch(`${smtp.SMTP_STUB_URL}/messages`)).json()) as Mail[]).filter(
      (mail) => mail.to.includes(ownerEmail) && mail.subject.startsWith("New lead for"),
    );
  await expect.poll(async () => (await newLeadMails()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
  // Both workers poll every second: give a duplicate the chance to show up.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const mails = await newLeadMails();
  expect(mails).toHaveLength(30);
  // Quoted-printable soft line breaks may split an address; join them before looking.
  const bodies = mails.map((mail) => mail.raw.replace(/=\r?\n/g, ""));
  for (const lead of leads)
    expect(
      bodies.filter((body) => body.includes(lead.email)),
      lead.email,
    ).toHaveLength(1);
  const outbox = await database.query(`select status, count(*)::int as n from email_outbox where "to" = $1 and kind = 'new_lead' group by status`, [
    ownerEmail,
  ]);
  expect(outbox).toEqual([{ status: "sent", n: 30 }]);
});

/** A verified Pro owner with one active campaign, made over `server`. */
async function proCampaign(server: { url: string }, prefix: string) {
  const email = `${prefix}-${Date.now()}@example.com`;
  const cookie = await signUpOver(server.url, email);
  await database.query(`update "user" set is_pro = true, email_verified = true where email = $1`, [email]);
  expect(await createCampaignOver(server.url, cookie, "Summer Special")).toBe(302);
  const [row] = await database.query(`select c.id from campaign c join "user" u on u.id = c.user_id where u.email = $1`, [email]);
  return row.id as string;
}

test("each scan token stores one lead and one offer code, whichever process gets its posts", async () => {
  const [a, b] = servers;
  const campaignId = await proCampaign(a!, "tokens");
  const pages = await Promise.all(
    Array.from({ length: 20 }, (_, index) => openCapture((index % 2 === 0 ? a! : b!).url, campaignId, { "x-forwarded-for": `192.0.2.${index + 1}` })),
  );
  const tokens = pages.map((page) => page.token);
  expect(new Set(tokens).size).toBe(20);
  // Every token posted twice at once, once to each process (a double tap routed to both servers).
  const posts = tokens.flatMap((token, index) =>
    [a!, b!].map((server) =>
      fetch(`${server.url}/capture/${campaignId}`, {
        method: "POST",
        headers: { "user-agent": "Mozilla/5.0 (iPhone) Mobile", "x-forwarded-for": `192.0.2.${index + 1}` },
        body: new URLSearchParams({ name: `Guest ${index}`, email: `guest-${index}@example.com`, scanToken: token! }),
        redirect: "manual",
      }),
    ),
  );
  const statuses = (await Promise.all(posts)).map((response) => response.status);
  expect(statuses).toEqual(Array(40).fill(200));
  const [stored] = await database.query(
    `select count(*)::int as leads, count(distinct scan_id)::int as tokens,
            (select count(*)::int from offer_code where campaign_id = $1) as codes,
            (select count(*)::int from lead_consent lc join lead l on l.id = lc.lead_id where l.campaign_id = $1) as consents
       from lead where campaign_id = $1`,
    [campaignId],
  );
  expect(stored).toEqual({ leads: 20, tokens: 20, codes: 20, consents: 20 });
});

test("a surge over both processes: the first 10 of the minute are single emails, the rest one digest", async () => {
  const [a, b] = servers;
  const campaignId = await proCampaign(b!, "surge");
  const results = await Promise.all(
    Array.from({ length: 25 }, (_, index) =>
      submitLeadOver(
        (index % 2 === 0 ? a! : b!).url,
        campaignId,
        { name: `Crowd ${index}`, email: `crowd-${index}@example.com` },
        {
          "x-forwarded-for": `198.18.0.${index + 1}`,
        },
      ),
    ),
  );
  expect(results.map((result) => result.status)).toEqual(Array(25).fill(200));
  const outbox = () =>
    database.query(
      `select kind, status, subject from email_outbox where campaign_id = $1 and kind in ('new_lead', 'lead_digest') order by kind, status`,
      [campaignId],
    );
  await expect
    .poll(async () => (await outbox()).filter((row) => row.kind === "new_lead" && row.status === "sent").length, { timeout: 20_000 })
    .toBe(10);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const rows = await outbox();
  expect(rows.filter((row) => row.kind === "new_lead" && row.status === "sent")).toHaveLength(10);
  expect(rows.filter((row) => row.kind === "new_lead" && row.status === "folded")).toHaveLength(15);
  const digests = rows.filter((row) => row.kind === "lead_digest");
  expect(digests).toHaveLength(1);
  expect(digests[0]).toMatchObject({ status: "pending" });
  expect(digests[0]!.subject).toMatch(/^15 new leads for Summer Special since \d\d:\d\d UTC$/);
});

test("each lead.created webhook is delivered exactly once by the workers of both processes", async () => {
  const [a, b] = servers;
  // A local receiver counting every delivery it is sent, by its webhook-id (the event id).
  const received: string[] = [];
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push(String(request.headers["webhook-id"]));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const campaignId = await proCampaign(a!, "hooks");
    await database.query(
      `insert into webhook_endpoint (user_id, url, events, secret)
       select c.user_id, $2, array['lead.created'], 'whsec_c2VjcmV0LWZvci10aGUtdGVzdC1yZWNlaXZlcg==' from campaign c where c.id = $1`,
      [campaignId, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submitLeadOver(
          (index % 2 === 0 ? a! : b!).url,
          campaignId,
          { name: `Hooked ${index}`, email: `hooked-${index}@example.com` },
          { "x-forwarded-for": `198.19.0.${index + 1}` },
        ),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(200));
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    // Both workers poll: give a duplicate the chance to show up.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(received).toHaveLength(20);
    expect(new Set(received).size).toBe(20);
    const deliveries = await database.query(
      `select d.status, count(*)::int as n, max(d.attempts)::int as attempts from webhook_delivery d join webhook_event e on e.id = d.event_id
        where e.type = 'lead.created' and e.payload -> 'data' -> 'campaign' ->> 'id' = $1 group by d.status`,
      [campaignId],
    );
    expect(deliveries).toEqual([{ status: "succeeded", n: 20, attempts: 1 }]);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("the daily retention job runs once when two processes start together", async () => {
  // A Pro owner keeps leads one month; 6 of theirs are older, 2 recent.
  const campaignId = await proCampaign(servers[0]!, "retention");
  await database.query(`insert into business_identity (user_id, lead_retention_months) select user_id, 1 from campaign where id = $1`, [campaignId]);
  await database.query(
    `insert into lead (campaign_id, name, email, collected_at)
     select $1::uuid, 'Old ' || g, 'old-' || g || '@example.com', now() - interval '2 months' from generate_series(1, 6) g
     union all select $1::uuid, 'New ' || g, 'new-' || g || '@example.com', now() from generate_series(1, 2) g`,
    [campaignId],
  );
  // The last run was two days ago: the job is due. Two processes start at once and each looks
  // 5 s after its start (the running pair looks hourly).
  await database.query(`update job_run set last_run_at = now() - interval '2 days' where name = 'lead_retention'`);
  const pair = [startServer({ ...shared, DATA_DIR: tmpDir() }), startServer({ ...shared, DATA_DIR: tmpDir() })];
  try {
    await Promise.all(pair.map((server) => waitHealthy(server.port)));
    await expect
      .poll(async () => (await database.query(`select count(*)::int as n from lead where campaign_id = $1`, [campaignId]))[0].n, { timeout: 30_000 })
      .toBe(2);
    // Both processes have looked by now; only one ran.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const erasures = await database.query(`select reason, leads from data_erasure where user_id = (select user_id from campaign where id = $1)`, [
      campaignId,
    ]);
    expect(erasures).toEqual([{ reason: "retention", leads: 6 }]);
    const runs = await database.query(`select result from job_run where name = 'lead_retention' and last_run_at > now() - interval '1 hour'`);
    expect(runs).toHaveLength(1);
  } finally {
    for (const server of pair) server.child.kill("SIGTERM");
    await Promise.all(pair.map((server) => server.exited));
  }
});
