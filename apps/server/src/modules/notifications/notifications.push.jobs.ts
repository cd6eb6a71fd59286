import { type Idioma, LOCALE_BY_IDIOMA } from '@portal/domain';
import { t } from '@portal/i18n';
import { eq, sql } from 'drizzle-orm';
import { type ActionContext, inTransaction, systemContext } from '../../platform/actions.js';
import type { Config } from '../../platform/config.js';
import type { JobContext } from '../../platform/module.js';
import type { Services } from '../../platform/services.js';
import { notificationDeliveredToSql } from '../communications/communications.queries.js';
import { userSummarySql } from '../users/users.queries.js';
import type { Resolve } from './notifications.push.endpoint.js';
import { createPushSender, type PushMessage } from './notifications.push.sender.js';
import {
  PUSH_QUEUE,
  type PushJob,
  pushEnabled,
  removeGoneSubscription,
  vapidKeys,
} from './notifications.push.service.js';
import { pushEnvio } from './notifications.push.tables.js';
import { notificacao } from './notifications.tables.js';

/** Subscriptions taken per claim: a worker claims a batch, sends it, then claims the next. */
export const PUSH_BATCH = 500;
/** The longest title a push carries (the whole message must stay under the services' 4,096 bytes). */
const TITLE_MAX = 200;

type Target = { id: string; endpoint: string; p256dh: string; auth: string; idioma: Idioma };
export type PushRun = { sent: number; gone: number; failed: number };

/**
 * The payload of one notification in one language (decision 0034): its title, a short line saying what it is,
 * the in-app path to open and the notification's id as the tag (a second push of it replaces the first on the
 * device). Nothing else: the push services and the device's lock screen see it.
 */
export function pushPayload(
  n: { id: string; titulo: string; link: string | null; traducoes?: { idioma: string; titulo: string }[] },
  tipo: PushJob['tipo'],
  idioma: Idioma,
): Buffer {
  // The title of the recipient's language when the notification has one (issue 17 point 9).
  const titulo = n.traducoes?.find((t) => t.idioma === idioma)?.titulo ?? n.titulo;
  const inApp = n.link?.startsWith('/') && !n.link.startsWith('//');
  return Buffer.from(
    JSON.stringify({
      title: titulo.slice(0, TITLE_MAX),
      body: t(LOCALE_BY_IDIOMA[idioma] ?? 'pt-BR', `push.body.${tipo}`),
      url: inApp ? n.link : '/notificacoes',
      tag: n.id,
    }),
  );
}

/**
 * Claims the next batch of a notification's subscriptions (keyset on the subscription id, from the cursor of
 * `push_envio`), moving the cursor in the same short transaction: two workers (a retried job, two instances)
 * each get other subscriptions, and none gets one twice. Null when nothing is left (the push is then marked done).
 */
async function claimBatch(ctx: ActionContext, notificacaoId: string, size: number): Promise<Target[] | null> {
  return inTransaction(ctx, async (tx) => {
    const [state] = await tx.select().from(pushEnvio).where(eq(pushEnvio.notificacaoId, notificacaoId)).for('update');
    if (!state || state.concluido) return null;
    const after = state.cursor ? sql`AND s.id > ${state.cursor}` : sql``;
    const targets = (
      await tx.execute(sql`SELECT s.id, s.endpoint, s.p256dh, s.auth, u.idioma FROM push_subscription s
        JOIN (${userSummarySql}) u ON u.id = s.usuario_id AND u.active
       WHERE (EXISTS (SELECT 1 FROM notificacao_usuario nu
                       WHERE nu.usuario_id = s.usuario_id AND nu.notificacao_id = ${notificacaoId})
              OR ${notificationDeliveredToSql(notificacaoId, sql`s.usuario_id`)}) ${after}
       ORDER BY s.id LIMIT ${size}`)
    ).rows as Target[];
    if (!targets.length) {
      await tx.update(pushEnvio).set({ concluido: true }).where(eq(pushEnvio.notificacaoId, notificacaoId));
      return null;
    }
    await tx
      .update(pushEnvio)
      .set({ cursor: targets[targets.length - 1].id })
      .where(eq(pushEnvio.notificacaoId, notificacaoId));
    return targets;
  });
}

/** The VAPID `sub`: the portal's address when it is https (as Apple asks), else a mailto: of MAIL_FROM's address. */
function vapidSubject(config: Config): string {
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.trim()}`;
}

/**
 * The push job of one notification (docs/domains/notifications.md#web-push): batch after batch of its
 * recipients' subscriptions (`claimBatch`), each message in the recipient's language, encrypted for that browser
 * and sent (`createPushSender`); a subscription the service says is gone (404/410) is deleted. Safe to run twice
 * at once or again after it finished: each subscription is claimed once. A worker that dies mid-batch loses the
 * rest of that batch (a push is a nudge; the bell keeps the notification). `resolve`: tests and the benchmark;
 * `opts.batch`: a smaller batch (tests).
 */
export async function sendPushes(
  services: Services | ActionContext,
  job: PushJob,
  opts: { batch?: number; resolve?: Resolve } = {},
): Promise<PushRun> {
  const ctx = systemContext(services);
  const run: PushRun = { sent: 0, gone: 0, failed: 0 };
  if (!(await pushEnabled(ctx))) return run;
  const [n] = await ctx.db
    .select({
      id: notificacao.id,
      titulo: notificacao.titulo,
      link: notificacao.link,
      traducoes: notificacao.traducoes,
    })
    .from(notificacao)
    .where(eq(notificacao.id, job.notificacaoId));
  if (!n) return run;
  await ctx.db.insert(pushEnvio).values({ notificacaoId: n.id }).onConflictDoNothing();
  const sender = createPushSender(ctx.config.push, await vapidKeys(ctx), vapidSubject(ctx.config), opts.resolve);
  const payloads = new Map<Idioma, Buffer>();
  const payloadOf = (idioma: Idioma) => {
    let payload = payloads.get(idioma);
    if (!payload) {
      payload = pushPayload(n, job.tipo, idioma);
      payloads.set(idioma, payload);
    }
    return payload;
  };
  try {
    for (;;) {
      const batch = await claimBatch(ctx, n.id, opts.batch ?? PUSH_BATCH);
      if (!batch) break;
      const messages: (PushMessage & { id: string })[] = batch.map((s) => ({ ...s, payload: payloadOf(s.idioma) }));
      await sender.sendAll(messages, async (message, result) => {
        run[result.outcome]++;
        if (result.outcome === 'gone') {
          await removeGoneSubscription(ctx, { id: message.id, p256dh: message.p256dh, status: result.status ?? 410 });
        }
      });
    }
  } finally {
    sender.close();
  }
  return run;
}

/** Starts this instance's push workers (two jobs at once: two notifications push side by side). */
export async function startPushJobs({ services, log }: JobContext) {
  await services.jobs.work<PushJob>(
    PUSH_QUEUE,
    async (job) => {
      const run = await sendPushes(services, job);
      for (const outcome of ['sent', 'gone', 'failed'] as const) services.metrics.pushOutcome(outcome, run[outcome]);
      if (run.failed) log(new Error(`${run.failed} push(es) failed`), `web push of notification ${job.notificacaoId}`);
    },
    { concurrency: 2 },
  );
}
