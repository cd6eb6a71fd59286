import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { fromDrizzle } from 'pg-boss';
import type { Db, DbOrTx } from './db.js';
import type { Jobs } from './jobs.js';
import { emailOutbox } from './mail.tables.js';

export type MailMessage = { to: string; subject: string; html: string; text: string };

/**
 * E-mail (docs/domains/audit.md#the-e-mail-outbox): every message lands in the outbox; a job delivers it by SMTP when
 * configured.
 */
export type Mailer = {
  /** Writes the message to the outbox (in the caller's transaction when given) and queues delivery. */
  queue(tx: DbOrTx, message: MailMessage): Promise<number>;
};

export const MAIL_QUEUE = 'mail.send';

export async function startMailer(opts: {
  db: Db;
  jobs: Jobs;
  smtpUrl?: string;
  /** MAIL_FROM: its address is the sender's; its display name is the fallback for `fromName`. */
  from: string;
  /** The sender's display name when each message goes out (the portal's name: properties can change). */
  fromName?: () => Promise<string | null | undefined>;
  log: (obj: object, msg: string) => void;
  /** Told of each message's outcome (the metrics). */
  onOutcome?: (outcome: 'sent' | 'kept' | 'failed') => void;
}): Promise<Mailer> {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const fromAddress = /<([^<>]+)>\s*$/.exec(opts.from)?.[1] ?? opts.from.trim();
  const sender = async () => {
    const name = await opts.fromName?.();
    return name ? { name, address: fromAddress } : opts.from;
  };
  await opts.jobs.work<{ id: number }>(MAIL_QUEUE, async ({ id }) => {
    const [row] = await opts.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    // Queued inside a transaction that has not committed yet: fail so pg-boss retries shortly.
    if (!row) throw new Error(`outbox row ${id} not visible yet`);
    if (row.sentAt) return;
    if (transport) {
      await transport
        .sendMail({
          // A worker killed between the SMTP answer and the update below sends the message again on the
          // retry: the same Message-ID lets mail servers and clients drop the second copy.
          messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@${fromAddress.split('@')[1] ?? 'portal.invalid'}>`,
          from: await sender(),
          to: row.para,
          subject: row.assunto,
          html: row.html,
          text: row.texto,
        })
        .catch((err: unknown) => {
          opts.onOutcome?.('failed');
          throw err;
        });
      opts.onOutcome?.('sent');
    } else {
      opts.log({ to: row.para, subject: row.assunto, outboxId: row.id }, 'e-mail kept in the outbox (no SMTP_URL)');
      opts.onOutcome?.('kept');
    }
    await opts.db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, id));
  });
  return {
    async queue(tx, message) {
      const [row] = await tx
        .insert(emailOutbox)
        .values({ para: message.to, assunto: message.subject, html: message.html, texto: message.text })
        .returning({ id: emailOutbox.id });
      // The job is inserted through the same transaction as the outbox row: both commit or neither.
      // (Sending it on pg-boss's own connection deadlocked on PGlite, whose single connection the
      // open transaction holds, and on PostgreSQL could deliver a job for a rolled-back row.)
      await opts.jobs.send(MAIL_QUEUE, { id: row.id }, { retryLimit: 10, retryDelay: 1, db: fromDrizzle(tx, sql) });
      return row.id;
    },
  };
}
