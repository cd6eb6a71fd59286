import type { ArquivoConteudoHomeCamposFragment } from './home-content.generated';

/** The fields slides and ads share, as the inputs hold them (the domain schema turns them into the input). */
export type CommonValues = {
  titulo: string;
  link: string;
  linkTarget: string;
  inicioDate: string;
  fimDate: string;
  arquivoId: string;
  grupos: string[];
};

/** What a stored slide or ad gives the shared fields. */
type Stored = {
  titulo: string;
  link: string | null;
  linkTarget: string;
  inicioDate: string;
  fimDate: string;
  arquivo: ArquivoConteudoHomeCamposFragment | null;
  grupos: readonly { id: string }[];
};

/** The shared fields of a stored item, or of a new one (no window yet, same tab). */
export function commonValues(entry: Stored | undefined): CommonValues {
  return {
    titulo: entry?.titulo ?? '',
    link: entry?.link ?? '',
    linkTarget: entry?.linkTarget ?? '_self',
    inicioDate: entry?.inicioDate ?? '',
    fimDate: entry?.fimDate ?? '',
    arquivoId: entry?.arquivo?.id ?? '',
    grupos: entry?.grupos.map((g) => g.id) ?? [],
  };
}
