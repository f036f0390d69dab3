import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { smtpTransport } from "~/features/email/transport.server";
import { createEmailWorker } from "~/features/email/worker.server";
import { getServices } from "~/utils/services.server";

export type Received = { to: string[]; raw: string; subject: string; html: string; text: string };

/** A real SMTP server on a port of our choosing, keeping what it receives; `refuse` may answer a message with a 4xx instead. */
export async function startSmtp(port = 0, options: { refuse?: () => { responseCode: number; message: string } | null } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      // A provider's temporary refusal ("slow down"), answered once the message is read.
      const refusal = options.refuse?.();
      if (refusal) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...decode(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as net.AddressInfo;
  return { port: address.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * A real SMTP server for the file's tests (started before them, closed after) and `deliveredTo`:
 * the email worker sends everything in the outbox through it, then the mails to `to` (any case)
 * come back, oldest first.
 */
export function useMailbox(from = "LeadQR <hello@leadqr.test>", visitorFrom?: string) {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  return {
    async deliveredTo(to: string): Promise<Received[]> {
      const { db } = await getServices();
      const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, from, visitorFrom) });
      while ((await worker.runOnce()) > 0);
      await worker.stop();
      return smtp.received.filter((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()));
    },
  };
}

/** One MIME part's body as text (quoted-printable and base64 decoded). */
function partBody(raw: string, type: "text/html" | "text/plain") {
  const part = raw.split(/\r?\n--/).find((candidate) => new RegExp(`Content-Type: ${type}`, "i").test(candidate)) ?? "";
  const [headers = "", ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join("\n\n");
  if (/quoted-printable/i.test(headers)) {
    const bytes: number[] = [];
    const joined = content.replace(/=\r?\n/g, "");
    for (let i = 0; i < joined.length; i++) {
      if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  if (/base64/i.test(headers)) return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
  return content;
}

/** Enough MIME for assertions: the subject and the decoded text/html and text/plain parts. */
function decode(raw: string) {
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
  return { subject, html: partBody(raw, "text/html"), text: partBody(raw, "text/plain").replace(/\r\n/g, "\n") };
}

export async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
