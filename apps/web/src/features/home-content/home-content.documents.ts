// The slides and ads screens' documents are in home-content.graphql; their types are generated
// (home-content.generated.ts).
import { ANUNCIO_IMAGE_SIZE, SLIDE_IMAGE_SIZE } from '@portal/domain';

/** Queries refetched after a slide write: the list and the edit form. */
export const SLIDES_REFETCH = ['SlidesAdministracao', 'SlideAdministracao'];
/** Queries refetched after an ad write. */
export const ANUNCIOS_REFETCH = ['AnunciosAdministracao', 'AnuncioAdministracao'];

/** The frame of the slides and ads screens, as the other screens': padded, at most the content width. */
export const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

/**
 * What tells the two administrations apart besides a slide's texts: their paths, key, upload type,
 * recommended image size and the i18n namespace of their own texts (`homeContent.slide|anuncio`).
 */
export const KINDS = {
  slide: {
    path: '/slides',
    key: 'PORTAL_MANUTENCAO_SLIDES',
    fileType: 'SLIDE',
    imageSize: SLIDE_IMAGE_SIZE,
    text: 'homeContent.slide',
  },
  anuncio: {
    path: '/anuncios',
    key: 'PORTAL_MANUTENCAO_ANUNCIOS',
    fileType: 'ANUNCIO',
    imageSize: ANUNCIO_IMAGE_SIZE,
    text: 'homeContent.anuncio',
  },
} as const;
export type HomeContentKind = (typeof KINDS)[keyof typeof KINDS];
