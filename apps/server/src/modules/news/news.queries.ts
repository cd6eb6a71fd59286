import { NEWS_FIRST_VISIT_DAYS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { novidadesVisita } from './news.tables.js';

const DAY_MS = 24 * 3600 * 1000;

/** The user's stored marker, or null before their first marcarNovidadesVistas. */
export async function storedMarker(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ vistoAte: novidadesVisita.vistoAte })
    .from(novidadesVisita)
    .where(eq(novidadesVisita.usuarioId, userId));
  return row?.vistoAte ?? null;
}

/**
 * Where "new" starts for the user (docs/domains/news.md#since-the-last-visit): their marker, or
 * NEWS_FIRST_VISIT_DAYS before `now` when they have none yet.
 */
export async function newsSince(db: DbOrTx, userId: string, now: Date): Promise<Date> {
  return (await storedMarker(db, userId)) ?? new Date(now.getTime() - NEWS_FIRST_VISIT_DAYS * DAY_MS);
}
