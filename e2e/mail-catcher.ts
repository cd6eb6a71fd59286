import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

// A real SMTP server for the journeys (the `smtp-server` package): the portal under test sends its mail
// here (SMTP_URL in playwright.config.ts), and each message is written to a directory as it arrives,
// so a journey reads what a person would find in their inbox (an invitation's set-password link).

/** The portal's port of this run (E2E_PORT, as playwright.config.ts reads it). */
export const portalPort = () => Number(process.env.E2E_PORT ?? 3100);

/** The SMTP port of a run: the portal's port + 1000, so that runs on other E2E_PORTs keep apart. */
export const smtpPort = (portalPort: number) => portalPort + 1000;

/** Where a run's messages land: one `<n>.json` ({ to, raw }) per message. */
export const mailDir = (portalPort: number) => path.join(os.tmpdir(), `portal-e2e-mail-${portalPort}`);

/** Starts the server on the run's port (Playwright's global setup); returns its stop. */
export async function startMailCatcher(portalPort: number): Promise<() => Promise<void>> {
  const dir = mailDir(portalPort);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const file = path.join(dir, `${String(++count).padStart(5, '0')}.json`);
        fs.writeFile(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') })).then(
          () => callback(),
          callback,
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort(portalPort), '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Decodes quoted-printable text (soft line breaks, =XX bytes as UTF-8). */
function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text/plain part of a raw message, decoded (quoted-printable or base64). */
function textOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? raw;
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split);
  const body = part.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  return body;
}

/** The text of the first message of this run to `email` (waits up to `timeoutMs` for it to arrive). */
export async function mailTo(email: string, timeoutMs = 20_000): Promise<string> {
  const dir = mailDir(portalPort());
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const name of (await fs.readdir(dir)).sort()) {
      const { to, raw } = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as { to: string[]; raw: string };
      if (to.includes(email.toLowerCase())) return textOf(raw);
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
