import { z } from './zod.js';

// Slides and ads of /home (SPEC §3, §5; docs/domains/home.md). Messages are i18n keys (packages/i18n:
// `validation` and `homeContent.validation`). Dates are calendar days 'YYYY-MM-DD' (day granularity).

/** The time zone of the business calendar: "today" and the display window's days are counted in it. */
export const BUSINESS_TIME_ZONE = 'America/Sao_Paulo';
export const HOME_TITLE_MAX = 100;
export const HOME_LINK_MAX = 500;
/** Title and subtitle sizes of a slide, in pixels, as the banner draws them. */
export const SLIDE_TEXT_SIZE_MIN = 10;
export const SLIDE_TEXT_SIZE_MAX = 96;
/** Where a link opens: the same tab or a new one. */
export const LINK_TARGETS = ['_self', '_blank'] as const;
/** Statuses of the administration lists: by the active flag first, then by the display window. */
export const HOME_CONTENT_STATUSES = ['AGENDADO', 'EM_EXIBICAO', 'ENCERRADO', 'INATIVO'] as const;
export type HomeContentStatus = (typeof HOME_CONTENT_STATUSES)[number];

// Made once: building an Intl.DateTimeFormat costs about 100 times as much as formatting with it, and /home
// asks for the business day for every slide and ad it lists (docs/benchmarks.md#home-data).
const BUSINESS_DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The calendar day of `now` in the business time zone ('YYYY-MM-DD'): the "today" of the date rules
 * and of the display window, the same on every server whatever its own zone.
 */
export function businessDay(now: Date): string {
  return BUSINESS_DAY_FORMAT.format(now);
}

type Window = { active: boolean; inicioDate: string; fimDate: string };

/**
 * Whether a slide or ad is on /home at `now` (`emExibicao`): active, and today (business calendar)
 * lies between its start and end days, both included.
 */
export function emExibicao(item: Window, now: Date): boolean {
  const today = businessDay(now);
  return item.active && item.inicioDate <= today && today <= item.fimDate;
}

/** The status the administration lists show: inactive, else scheduled, showing or ended by the window. */
export function homeContentStatus(item: Window, now: Date): HomeContentStatus {
  return homeContentStatusOn(item, businessDay(now));
}

/** `homeContentStatus` on the business day `today` ('YYYY-MM-DD'), for a list that reads the clock once. */
export function homeContentStatusOn(item: Window, today: string): HomeContentStatus {
  if (!item.active) return 'INATIVO';
  if (today < item.inicioDate) return 'AGENDADO';
  return today > item.fimDate ? 'ENCERRADO' : 'EM_EXIBICAO';
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) =>
  DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
/** A calendar day: 'YYYY-MM-DD', or the date part of an ISO date-time a date picker may send. */
const day = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().slice(0, 10)) : v),
  z.string({ error: 'validation.required' }).refine(isDay, 'validation.invalidDate'),
);
const title = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(HOME_TITLE_MAX, 'homeContent.validation.titleTooLong');
const optionalText = z.preprocess(
  blankToNull,
  z.string().trim().max(HOME_TITLE_MAX, 'homeContent.validation.titleTooLong').nullable().default(null),
);
const colour = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'homeContent.validation.colour')
    .nullable()
    .default(null),
);
const textSize = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'homeContent.validation.textSize' })
    .int('homeContent.validation.textSize')
    .min(SLIDE_TEXT_SIZE_MIN, 'homeContent.validation.textSize')
    .max(SLIDE_TEXT_SIZE_MAX, 'homeContent.validation.textSize')
    .nullable(),
);
const link = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(HOME_LINK_MAX, 'validation.tooLong')
    .regex(/^(\/|https?:\/\/)/i, 'homeContent.validation.linkFormat')
    .nullable()
    .default(null),
);

const commonFields = {
  titulo: title,
  link,
  linkTarget: z.enum(LINK_TARGETS, { error: 'validation.invalid' }).default('_self'),
  inicioDate: day,
  fimDate: day,
  /** The uploaded image (files pipeline); required. */
  arquivoId: z.string({ error: 'homeContent.validation.imageRequired' }).min(1, 'homeContent.validation.imageRequired'),
  /** The user groups who see it; at least one. */
  grupos: z
    .array(z.string().min(1), { error: 'homeContent.validation.groupsRequired' })
    .min(1, 'homeContent.validation.groupsRequired'),
};

/**
 * The date rules of SPEC §5 for a display window: start and end mandatory, end not before start, start
 * not before `today`. An edit may keep a start already past (`keptStart`: the stored start), so a slide
 * on show can be corrected without moving its start.
 */
function windowRules(today: string, keptStart?: string | null) {
  return (v: { inicioDate: string; fimDate: string }, ctx: z.RefinementCtx) => {
    if (!isDay(v.inicioDate) || !isDay(v.fimDate)) return;
    if (v.inicioDate < today && v.inicioDate !== keptStart)
      ctx.addIssue({ code: 'custom', path: ['inicioDate'], message: 'homeContent.validation.startBeforeToday' });
    if (v.fimDate < v.inicioDate)
      ctx.addIssue({ code: 'custom', path: ['fimDate'], message: 'homeContent.validation.endBeforeStart' });
  };
}

/**
 * A slide as its administration saves it (`salvarSlide`; the web form uses the same schema), for the
 * business day `today` (`businessDay(clock.now())`). Colours are '#rrggbb'; sizes whole pixels.
 */
export const slideSchema = (today: string, keptStart?: string | null) =>
  z
    .object({
      ...commonFields,
      corTitulo: colour,
      tamanhoTitulo: textSize.default(null),
      subtitulo: optionalText,
      corSubtitulo: colour,
      tamanhoSubtitulo: textSize.default(null),
      tituloBotao: optionalText,
    })
    .superRefine(windowRules(today, keptStart));
export type SlideFormInput = z.input<ReturnType<typeof slideSchema>>;
export type SlideData = z.output<ReturnType<typeof slideSchema>>;

/** An ad as its administration saves it (`salvarAnuncio`), with the same date rules as a slide. */
export const anuncioSchema = (today: string, keptStart?: string | null) =>
  z.object(commonFields).superRefine(windowRules(today, keptStart));
export type AnuncioFormInput = z.input<ReturnType<typeof anuncioSchema>>;
export type AnuncioData = z.output<ReturnType<typeof anuncioSchema>>;

/** Recommended image sizes (SPEC §9), shown by the forms, which warn when an image's ratio differs. */
export { ANUNCIO_IMAGE_SIZE, SLIDE_IMAGE_SIZE } from './home-image-sizes.js';
