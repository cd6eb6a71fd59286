import type { FirstQuery } from '../../app/first-data';
import {
  HomeAnuncioAleatorioDocument,
  HomeComunicadosRecentesDocument,
  HomeSlidesAtivosDocument,
  HomeUltimosModificadosDocument,
} from './home.generated';

/** How many communications the recent communications card shows. */
export const RECENT_COMMUNICATIONS = 5;
/** How many files the recent files card shows (SPEC §9: at most 3). */
export const RECENT_FILES = 3;

/** /home's data, started with the frame's when /home is the page opened (app/first-data.ts). */
export const HOME_FIRST_DATA: readonly FirstQuery[] = [
  { query: HomeSlidesAtivosDocument },
  { query: HomeComunicadosRecentesDocument, variables: { limite: RECENT_COMMUNICATIONS } },
  { query: HomeUltimosModificadosDocument, variables: { limite: RECENT_FILES } },
  { query: HomeAnuncioAleatorioDocument },
];
