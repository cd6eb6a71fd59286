import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import { z } from 'zod';
import { type ActionContext, actorId, inTransaction, parseInput, requireActor } from '../../platform/actions.js';
import { badInput } from '../../platform/errors.js';
import type { Services } from '../../platform/services.js';
import { sharedSecret } from '../../platform/shared-secrets.js';
import { uuidArray } from '../../platform/sql.js';
import { recordAudit, recordAuditForEach } from '../audit/audit.service.js';
import { cachedPortalProperties } from '../portal/portal.queries.js';
import { generateVapidKeys, isP256PublicKey, type VapidKeys } from './notifications.push.crypto.js';
import { checkEndpoint, ENDPOINT_MAX_LENGTH } from './notifications.push.endpoint.js';
import { pushSubscription } from './notifications.push.tables.js';

/** The queue of the push jobs: one job per notification (docs/domains/notifications.md#web-push). */
export const PUSH_QUEUE = 'notificacao-push';

/** What a push job says: which notification, and what kind (the body's short line: a communication or not). */
export type PushJob = { notificacaoId: string; tipo: PushKind };
export type PushKind = 'comunicado' | 'notificacao';

/** Subscriptions kept per user: a new browser beyond this many replaces the one unused longest. */
export const SUBSCRIPTIONS_PER_USER = 10;

const VAPID_SECRET = 'push.vapid';

/**
 * The portal's VAPID key pair, made on first use and kept as a shared secret (every instance signs with the same
 * pair, so a browser's subscription works whichever instance sends). Cached in the process: it never changes.
 */
export function vapidKeys(services: Pick<Services, 'cache' | 'db'>): Promise<VapidKeys> {
  return services.cache.get(VAPID_SECRET, 3_600_000, () => sharedSecret(services.db, VAPID_SECRET, generateVapidKeys));
}

/** Whether pushes are sent: on in the configuration (WEB_PUSH) and notifications enabled in the portal properties. */
export async function pushEnabled(services: Pick<Services, 'cache' | 'db' | 'config'>): Promise<boolean> {
  if (!services.config.push.enabled) return false;
  const props = await cachedPortalProperties(services.cache, services.db);
  return props?.notificacoesHabilitadas ?? true;
}

/** `chavePublicaPush`: the VAPID public key the browser subscribes with (base64url), or null when push is off. */
export async function publicPushKey(services: Services): Promise<string | null> {
  if (!(await pushEnabled(services))) return null;
  return (await vapidKeys(services)).publicKey;
}

const base64url = (bytes: number) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'validation.invalid')
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, 'validation.invalid');

/** `PushSubscriptionInput` (SPEC §7): the browser's endpoint, `auth` secret (16 bytes) and `key` (its p256dh). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().trim().min(1, 'validation.required').max(ENDPOINT_MAX_LENGTH, 'validation.invalid'),
  auth: base64url(16),
  key: base64url(65).refine(isP256PublicKey, 'validation.invalid'),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/**
 * `gerarPushSubscription`: keeps the signed-in user's subscription of this browser (upsert on the endpoint, so
 * the browser's last user holds it, and subscribing again replaces the keys). The endpoint must pass the check
 * (`checkEndpoint`: https on 443 at an allowed push service whose every address is public), else
 * BAD_USER_INPUT `push.endpointRefused` on `endpoint`. Keeps at most SUBSCRIPTIONS_PER_USER per user. Audited
 * with the endpoint's host only (the full endpoint is a capability). False when push is off (nothing kept).
 */
export async function subscribePush(ctx: ActionContext, input: PushSubscriptionInput): Promise<boolean> {
  const user = requireActor(ctx);
  const v = parseInput(pushSubscriptionSchema, input, 'input');
  if (!(await pushEnabled(ctx))) return false;
  const checked = await checkEndpoint(v.endpoint, ctx.config.push);
  if (!checked.ok) throw badInput({ endpoint: 'push.endpointRefused' }, 'push.endpointRefused');
  const endpoint = checked.url.href;
  return inTransaction(ctx, async (tx) => {
    const [before] = await tx
      .select({ id: pushSubscription.id, usuarioId: pushSubscription.usuarioId })
      .from(pushSubscription)
      .where(eq(pushSubscription.endpoint, endpoint))
      .for('update');
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(pushSubscription)
      .values({ usuarioId: user.id, endpoint, p256dh: v.key, auth: v.auth, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pushSubscription.endpoint,
        set: { usuarioId: user.id, p256dh: v.key, auth: v.auth, updatedAt: now },
      })
      .returning({ id: pushSubscription.id });
    const kept = tx
      .select({ id: pushSubscription.id })
      .from(pushSubscription)
      .where(eq(pushSubscription.usuarioId, user.id))
      .orderBy(desc(pushSubscription.updatedAt), desc(pushSubscription.id))
      .limit(SUBSCRIPTIONS_PER_USER);
    await tx
      .delete(pushSubscription)
      .where(and(eq(pushSubscription.usuarioId, user.id), notInArray(pushSubscription.id, kept)));
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'push_subscription',
      entityId: row.id,
      action: before ? 'editar' : 'criar',
      before: before ? { usuarioId: before.usuarioId } : undefined,
      after: { usuarioId: user.id, host: checked.url.host },
    });
    return true;
  });
}

/**
 * `removerPushSubscription`: removes the signed-in user's subscription of one browser (the web calls it before
 * signing out). Another user's endpoint or an unknown one changes nothing. Audited when one went; answers whether.
 */
export async function unsubscribePush(ctx: ActionContext, input: { endpoint: string }): Promise<boolean> {
  const user = requireActor(ctx);
  const endpoint = normalised(input.endpoint);
  if (!endpoint) return false;
  return inTransaction(ctx, async (tx) => {
    const gone = await tx
      .delete(pushSubscription)
      .where(and(eq(pushSubscription.endpoint, endpoint), eq(pushSubscription.usuarioId, user.id)))
      .returning({ id: pushSubscription.id });
    if (!gone.length) return false;
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'push_subscription',
      entityId: gone[0].id,
      action: 'excluir',
      before: { usuarioId: user.id, host: new URL(endpoint).host },
    });
    return true;
  });
}

/** The endpoint as stored (the URL parser's form), or null when it is not a URL. */
function normalised(endpoint: string): string | null {
  try {
    return new URL(endpoint.trim()).href;
  } catch {
    return null;
  }
}

/**
 * Removes every subscription of these users: a step of the users module's inactivations (an administrator's, the
 * dealer group cascade, the inactivity sweep), in the caller's transaction, which authorized them. One audit row
 * per user who had any. Answers how many subscriptions went.
 */
export async function removePushSubscriptionsOfUsers(
  ctx: ActionContext,
  input: { usuarioIds: readonly string[] },
): Promise<number> {
  if (!input.usuarioIds.length) return 0;
  return inTransaction(ctx, async (tx) => {
    const gone = await tx
      .delete(pushSubscription)
      .where(sql`${pushSubscription.usuarioId} = ANY(${uuidArray(input.usuarioIds)})`)
      .returning({ usuarioId: pushSubscription.usuarioId });
    const users = [...new Set(gone.map((g) => g.usuarioId))];
    await recordAuditForEach(
      tx,
      { actorId: actorId(ctx), entity: 'push_subscription', action: 'excluir', after: { motivo: 'inativacao' } },
      users,
    );
    return gone.length;
  });
}

/**
 * Deletes a subscription the push service said is gone (404 or 410), unless the browser re-subscribed it since
 * (same endpoint, other keys). The system acts; audited.
 */
export async function removeGoneSubscription(
  ctx: ActionContext,
  input: { id: string; p256dh: string; status: number },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const gone = await tx
      .delete(pushSubscription)
      .where(and(eq(pushSubscription.id, input.id), eq(pushSubscription.p256dh, input.p256dh)))
      .returning({ usuarioId: pushSubscription.usuarioId });
    if (!gone.length) return;
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'push_subscription',
      entityId: input.id,
      action: 'excluir',
      before: { usuarioId: gone[0].usuarioId },
      after: { motivo: 'servico', status: input.status },
    });
  });
}

/**
 * Queues the push of a notification in the caller's transaction (it commits with the notification): one job per
 * notification, keyed by its id so that it is queued once. Nothing when push is off in the configuration or when
 * no browser subscribed at all. A step of `createNotification` / `notifyRecipients`.
 */
export async function queuePush(ctx: Pick<ActionContext, 'db' | 'jobs' | 'config'>, job: PushJob): Promise<void> {
  if (!ctx.config.push.enabled) return;
  const any = await ctx.db.select({ id: pushSubscription.id }).from(pushSubscription).limit(1);
  if (!any.length) return;
  await ctx.jobs.send(PUSH_QUEUE, job, {
    singletonKey: job.notificacaoId,
    retryLimit: 5,
    retryDelay: 30,
    db: fromDrizzle(ctx.db as never, sql),
  });
}
