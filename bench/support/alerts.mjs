// BENCH_ALERTS=1 for bench/surge (issue 57: "a surge produces at most a few alerts per channel per
// minute and does not slow the lead path"): a Slack channel, proven, for the bench's owner before
// the surge, on the tests' Slack stand-in (one message a second per webhook, 429 past it, as Slack
// answers); after the surge it waits for the alert worker to drain and prints what reached the
// channel, minute by minute, and the folded messages' words (docs/features/alerts.md, "A crowd is
// one alert").
import { execFileSync } from "node:child_process";
import { startSlackStandIn } from "../../tests/support/slack-stand-in.mjs";

/** The Slack stand-in, for the instances' environment: its webhooks are on 127.0.0.1 over http. */
export async function startAlertsBench() {
  const slack = await startSlackStandIn();
  return { slack, env: { WEBHOOKS_ALLOW_PRIVATE: "true" } };
}

/**
 * A proven Slack channel for `ownerId`, as confirming the code leaves it (status proven, alerting
 * from now). The webhook is sealed with the app's own `sealToken` under the instances' secret,
 * through tsx: the bench holds no copy of the sealing.
 */
export async function linkProvenSlack(db, { slack, ownerId, secret }) {
  const hook = slack.add();
  const sealed = execFileSync(
    "node_modules/.bin/tsx",
    ["-e", `import { sealToken } from "./app/utils/token-seal.server.ts"; process.stdout.write(sealToken(process.env.S, process.env.P));`],
    { env: { ...process.env, S: secret, P: hook }, encoding: "utf8" },
  );
  await db.query(
    `insert into alert_channel (user_id, kind, status, destination, label, alerts_from) values ($1, 'slack', 'proven', $2, 'bench', now())`,
    [ownerId, sealed],
  );
  return { hook, linkedAt: Date.now() };
}

/**
 * Waits (at most `waitMs`) until no lead waits for the channel and nothing is queued, then prints
 * the messages per minute since the channel was linked, how many leads they carried, and each fold.
 */
export async function printAlerts(db, { slack, hook, linkedAt, waitMs }) {
  const waiting = async () =>
    (
      await db.query(`select (select count(*) from alert_lead where delivery_id is null)::int + (select count(*) from alert_delivery
         where status in ('pending', 'sending'))::int as n`)
    ).rows[0].n;
  const deadline = Date.now() + waitMs;
  let left = await waiting();
  while (left > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    left = await waiting();
  }
  const messages = slack.messages(hook);
  const minutes = new Map();
  for (const message of messages) {
    const minute = Math.floor((message.at - linkedAt) / 60_000);
    minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
  }
  const last = messages.length ? Math.floor((messages.at(-1).at - linkedAt) / 60_000) : 0;
  const perMinute = Array.from({ length: last + 1 }, (_, minute) => minutes.get(minute) ?? 0);
  const { rows } = await db.query(
    `select count(*) filter (where kind = 'lead')::int as singles, count(*) filter (where kind = 'fold')::int as folds,
            coalesce(sum(lead_count), 0)::int as leads, count(*) filter (where status = 'failed')::int as failed,
            (select count(*) from lead)::int as all_leads
       from alert_delivery`,
  );
  const figures = rows[0];
  console.log(
    `alerts on one Slack channel (BENCH_ALERTS): ${messages.length} messages for ${figures.all_leads} leads (${figures.singles} single, ${figures.folds} folded, carrying ${figures.leads} leads; ${figures.failed} failed); per minute since linked: ${perMinute.join(", ")}${left > 0 ? `; still waiting after ${Math.round(waitMs / 1000)} s: ${left}` : ""}`,
  );
  for (const message of messages.filter((m) => /new leads? in the last/.test(m.text)))
    console.log(`  minute ${Math.floor((message.at - linkedAt) / 60_000)}: ${message.text.split("\n")[0]}`);
}
