import { SMTPServer } from 'smtp-server';
import { freePort } from './harness.js';

/** A message as a real SMTP server received it: envelope recipients, raw source and decoded parts. */
export type Mail = { to: string[]; raw: string; from: string; subject: string; text: string };

/** Decodes quoted-printable (soft line breaks, =XX bytes as UTF-8). */
function decodeQuotedPrintable(input: string): string {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=) of an unfolded header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The text/plain part of a raw message, decoded (quoted-printable or base64). */
function textPart(raw: string): string {
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

export function parseMail(to: string[], raw: string): Mail {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(head)?.[1] ?? '');
  const from = decodeHeader(/^from:\s*(.*)$/im.exec(head)?.[1] ?? '');
  return { to, raw, from, subject, text: textPart(raw) };
}

/** The set-password link (/oidc/reset?token=…) of a recovery or invitation mail. */
export const linkOf = (mail: Mail) => /https?:\/\/\S+\/oidc\/reset\?token=[^\s"<>]+/.exec(mail.text)?.[0] as string;
export const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;

export type SmtpInbox = {
  /** SMTP_URL of the server. */
  url: string;
  inbox: Mail[];
  /** Waits (bounded) for the next mail to `to` after the first `after` messages of the inbox. */
  nextMail(to: string, after: number, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
};

/** A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const inbox: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(
          parseMail(
            session.envelope.rcptTo.map((r) => r.address),
            Buffer.concat(chunks).toString('utf8'),
          ),
        );
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async nextMail(to, after, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.slice(after).find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
