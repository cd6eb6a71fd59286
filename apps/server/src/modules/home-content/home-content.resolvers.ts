import {
  businessDay,
  HOME_CONTENT_STATUSES,
  type HomeContentStatus,
  homeContentStatusOn,
  isAllowed,
  LIST_PAGE_SIZES,
} from '@portal/domain';
import type { Anuncio, Resolvers, Slide } from '../../generated/graphql.js';
import { actionContext, pageArgs } from '../../platform/actions.js';
import { SHARED_DATA_TTL_MS } from '../../platform/cache.js';
import { badInput, notFound } from '../../platform/errors.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { registerFileAccess } from '../files/files.access.js';
import { registerImageVariants } from '../files/files.limits.js';
import { type ImageSizes, imageSizesOf } from '../files/files.queries.js';
import { signDownloadLink, signVariantLink } from '../files/files.service.js';
import { userGroupIdsOf, viewerGroupIds } from '../users/users.queries.js';
import {
  activeSlides,
  type ConteudoRow,
  findHomeContent,
  HOME_CONTENT_CACHE_KEY,
  isImageShownTo,
  type Kind,
  kindOfImage,
  pageHomeContent,
  shownAds,
} from './home-content.queries.js';
import { alterarStatusConteudoHome, HOME_CONTENT_KEYS, salvarConteudoHome } from './home-content.service.js';

const LINK_TTL_SECONDS = 15 * 60;
const SLIDES = { keys: [HOME_CONTENT_KEYS.SLIDE] };
const ADS = { keys: [HOME_CONTENT_KEYS.ANUNCIO] };

export const guards: ModuleGuards = {
  Query: {
    slidesAtivos: 'authenticated',
    anuncioAleatorio: 'authenticated',
    slides: SLIDES,
    slide: SLIDES,
    anuncios: ADS,
    anuncio: ADS,
  },
  Mutation: {
    salvarSlide: SLIDES,
    ativarSlide: SLIDES,
    inativarSlide: SLIDES,
    salvarAnuncio: ADS,
    ativarAnuncio: ADS,
    inativarAnuncio: ADS,
  },
};

// An image of a slide or ad downloads for whoever manages its kind, and for the users it is shown to now.
for (const kind of ['SLIDE', 'ANUNCIO'] as const) {
  registerFileAccess(kind, async (services, user, arquivoId) => {
    const owner = await kindOfImage(services.db, arquivoId);
    if (!owner) return false;
    if (isAllowed(user, { keys: [HOME_CONTENT_KEYS[owner]] })) return true;
    return isImageShownTo(services.db, arquivoId, await userGroupIdsOf(services.db, user.id), services.clock.now());
  });
}

/**
 * Widths (px) of the WebP variants made of each kind's images, for `srcset`: the slide's banner spans
 * the page (1140 px recommended, up to twice that on dense screens), the ad is 175 px wide (up to 3×).
 */
export const VARIANT_WIDTHS = { SLIDE: [480, 768, 1140, 1600, 2280], ANUNCIO: [175, 350, 525] } as const;
registerImageVariants('SLIDE', VARIANT_WIDTHS.SLIDE);
registerImageVariants('ANUNCIO', VARIANT_WIDTHS.ANUNCIO);

/** Slides or ads as the API gives them: the sizes and variants of their images read in one query. */
async function toApiList(
  ctx: GraphQLContext,
  rows: ConteudoRow[],
  known?: Map<string, ImageSizes>,
): Promise<(Slide & Anuncio)[]> {
  const sizes = known ?? (await imageSizesOf(ctx.services.db, imageIdsOf(rows)));
  const today = businessDay(ctx.services.clock.now());
  return Promise.all(rows.map((row) => toApi(ctx, row, sizes, today)));
}

const imageIdsOf = (rows: ConteudoRow[]) => rows.flatMap((row) => (row.arquivo_id ? [row.arquivo_id] : []));

/**
 * The slides or ads users of `groupIds` see today, with their images' sizes: the same for every user of
 * those groups, so kept in the shared cache for a few seconds (a per-instance copy that any change of a
 * slide or ad drops at once on every instance: home-content.service.ts; the day is in the key). Cached
 * rows are shared: never changed by their readers.
 */
function shownTo(ctx: GraphQLContext, kind: Kind, groupIds: string[]) {
  const { db, database, cache, clock } = ctx.services;
  const now = clock.now();
  const key = `${HOME_CONTENT_CACHE_KEY}.${kind}.${businessDay(now)}.${[...groupIds].sort().join(',')}`;
  return cache.get(key, SHARED_DATA_TTL_MS, async () => {
    const rows = await (kind === 'SLIDE' ? activeSlides : shownAds)(database, groupIds, now);
    return { rows, sizes: await imageSizesOf(db, imageIdsOf(rows)) };
  });
}

/**
 * A slide or ad as the API gives it: window and status on the business day `today` (by default read from
 * the clock), the image's link and its variants' links signed (the viewer may see the item, so may see its image).
 */
async function toApi(
  ctx: GraphQLContext,
  row: ConteudoRow,
  sizes?: Map<string, ImageSizes>,
  today = businessDay(ctx.services.clock.now()),
): Promise<Slide & Anuncio> {
  const status = homeContentStatusOn({ active: row.active, inicioDate: row.inicio_date, fimDate: row.fim_date }, today);
  const arquivo = row.arquivo_id ? await imageOf(ctx, row.arquivo_id, row.arquivo_nome ?? '', sizes) : null;
  return {
    id: row.id,
    titulo: row.titulo,
    corTitulo: row.cor_titulo,
    tamanhoTitulo: row.tamanho_titulo,
    subtitulo: row.subtitulo,
    corSubtitulo: row.cor_subtitulo,
    tamanhoSubtitulo: row.tamanho_subtitulo,
    tituloBotao: row.titulo_botao,
    link: row.link,
    linkTarget: row.link_target,
    inicioDate: row.inicio_date,
    fimDate: row.fim_date,
    arquivo,
    grupos: row.grupos,
    active: row.active,
    createdDateTime: new Date(row.created_date_time),
    // The same rule as the domain's `emExibicao`: active and inside the window today.
    emExibicao: status === 'EM_EXIBICAO',
    status,
  };
}

/** The image of a slide or ad, with its size and variants (read here when the caller has not). */
async function imageOf(ctx: GraphQLContext, id: string, nome: string, known?: Map<string, ImageSizes>) {
  const { db } = ctx.services;
  const sizes = (known ?? (await imageSizesOf(db, [id]))).get(id);
  const link = { ttlSeconds: LINK_TTL_SECONDS, userId: requireUser(ctx).id };
  return {
    id,
    nome,
    arquivoLink: await signDownloadLink(db, id, { ...link, inline: true }),
    largura: sizes?.largura ?? null,
    altura: sizes?.altura ?? null,
    variantes: await Promise.all(
      (sizes?.variantes ?? []).map(async (v) => ({ ...v, link: await signVariantLink(db, id, v.largura, link) })),
    ),
  };
}

/** One slide or ad for its administration, after a read or a write; NOT_FOUND when there is none. */
async function one(ctx: GraphQLContext, kind: Kind, id: string) {
  const row = await findHomeContent(ctx.services.db, kind, id);
  if (!row) throw notFound();
  return toApi(ctx, row);
}

/** A page of the administration list of `kind`. */
async function page(
  ctx: GraphQLContext,
  kind: Kind,
  args: { busca?: string | null; status?: string | null; page?: number | null; rowsPerPage?: number | null },
) {
  const paging = pageArgs(args, LIST_PAGE_SIZES);
  if (args.status && !HOME_CONTENT_STATUSES.includes(args.status as HomeContentStatus))
    throw badInput({ status: 'validation.invalid' });
  const result = await pageHomeContent(ctx.services.db, kind, ctx.services.clock.now(), {
    busca: args.busca,
    status: args.status as HomeContentStatus | null,
    ...paging,
  });
  return {
    content: await toApiList(ctx, result.content),
    totalElements: result.totalElements,
  };
}

export const resolvers: Resolvers = {
  Query: {
    slidesAtivos: async (_, __, ctx) => {
      const { rows, sizes } = await shownTo(ctx, 'SLIDE', await viewerGroupIds(ctx));
      return toApiList(ctx, rows, sizes);
    },
    anuncioAleatorio: async (_, __, ctx) => {
      const { rows, sizes } = await shownTo(ctx, 'ANUNCIO', await viewerGroupIds(ctx));
      const row = rows[Math.floor(Math.random() * rows.length)];
      return row ? toApi(ctx, row, sizes) : null;
    },
    slides: (_, args, ctx) => page(ctx, 'SLIDE', args),
    slide: (_, { id }, ctx) => one(ctx, 'SLIDE', id),
    anuncios: (_, args, ctx) => page(ctx, 'ANUNCIO', args),
    anuncio: (_, { id }, ctx) => one(ctx, 'ANUNCIO', id),
  },
  Mutation: {
    salvarSlide: async (_, { id, slide }, ctx) =>
      one(ctx, 'SLIDE', await salvarConteudoHome(actionContext(ctx), 'SLIDE', { id, data: slide })),
    ativarSlide: async (_, { id }, ctx) =>
      one(ctx, 'SLIDE', await alterarStatusConteudoHome(actionContext(ctx), 'SLIDE', { id, active: true })),
    inativarSlide: async (_, { id }, ctx) =>
      one(ctx, 'SLIDE', await alterarStatusConteudoHome(actionContext(ctx), 'SLIDE', { id, active: false })),
    salvarAnuncio: async (_, { id, anuncio }, ctx) =>
      one(ctx, 'ANUNCIO', await salvarConteudoHome(actionContext(ctx), 'ANUNCIO', { id, data: anuncio })),
    ativarAnuncio: async (_, { id }, ctx) =>
      one(ctx, 'ANUNCIO', await alterarStatusConteudoHome(actionContext(ctx), 'ANUNCIO', { id, active: true })),
    inativarAnuncio: async (_, { id }, ctx) =>
      one(ctx, 'ANUNCIO', await alterarStatusConteudoHome(actionContext(ctx), 'ANUNCIO', { id, active: false })),
  },
};
