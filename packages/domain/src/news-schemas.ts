import { z } from './zod.js';

/** How far back "new" reaches on a user's first visit to the news page (docs/domains/news.md). */
export const NEWS_FIRST_VISIT_DAYS = 30;

/** How many items of each kind the news page shows; the rest is behind each kind's "see all" link. */
export const NEWS_PER_KIND = 20;

/**
 * Moving the news marker (marcarNovidadesVistas): `ate` is the moment the page's data was read
 * (`novidades.ate`), so what arrived while the page was open stays new. Messages are i18n keys.
 */
export const marcarNovidadesVistasSchema = z.object({
  ate: z.date({ error: 'validation.invalid' }),
});

export type MarcarNovidadesVistasInput = z.infer<typeof marcarNovidadesVistasSchema>;
