// A local DNS server for owners' own domains (decision 390): the app checks records through it
// (DNS_RESOLVER). Its zone is a JSON file a journey writes (name → records), read on every query.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import dns2 from "dns2";

const { Packet } = dns2;

/** Where the zone of the server for app port `port` lives: `{ "name": [{ "type": "TXT", "value": "…" }] }`. */
export const zoneFileOf = (port) => path.join(os.tmpdir(), `leadqr-e2e-dns-zone-${port}.json`);

function readZone(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return {};
  }
}

export async function start() {
  const appPort = process.env.PORT ?? "3000";
  const port = Number(process.env.DNS_STUB_PORT ?? Number(appPort) + 43);
  const file = zoneFileOf(appPort);
  fs.writeFileSync(file, "{}");
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = String(question?.name ?? "").toLowerCase();
    const records = readZone(file)[name] ?? [];
    if (records.length === 0) response.header.rcode = 3;
    for (const record of records) {
      const base = { name, class: Packet.CLASS.IN, ttl: 1 };
      if (record.type === "CNAME" && (question.type === Packet.TYPE.CNAME || question.type === Packet.TYPE.A))
        response.answers.push({ ...base, type: Packet.TYPE.CNAME, domain: record.value });
      if (record.type === "TXT" && question.type === Packet.TYPE.TXT) response.answers.push({ ...base, type: Packet.TYPE.TXT, data: record.value });
    }
    send(response);
  });
  await server.listen(port, "127.0.0.1");
  return { DNS_RESOLVER: `127.0.0.1:${port}` };
}
