import { DEFAULT_IDIOMA, type Idioma } from './user-types.js';

// One communication, three languages (issue 17 point 6, decision 0042).

/** A language version of a communication's title and message. */
export type ComunicadoVersao = { idioma: Idioma; titulo: string; mensagem: string };

/** What a communication holds of its languages: the original (with its language) and the other versions. */
export type ComunicadoIdiomas = {
  titulo: string;
  mensagem: string;
  idioma?: Idioma | null;
  traducoes?: readonly { idioma: Idioma; titulo: string; mensagem: string }[] | null;
};

/** The language of the original (Portuguese for communications written before there were versions). */
export const originalIdioma = (c: Pick<ComunicadoIdiomas, 'idioma'>): Idioma => c.idioma ?? DEFAULT_IDIOMA;

/** The version a reader of `idioma` reads: theirs when the author wrote one, else the original. */
export function comunicadoVersion(c: ComunicadoIdiomas, idioma: Idioma): ComunicadoVersao {
  const own = c.traducoes?.find((t) => t.idioma === idioma);
  if (own && idioma !== originalIdioma(c)) return { idioma, titulo: own.titulo, mensagem: own.mensagem };
  return { idioma: originalIdioma(c), titulo: c.titulo, mensagem: c.mensagem };
}

/** Every version, the original first, then the others in the order given. */
export function comunicadoVersions(c: ComunicadoIdiomas): ComunicadoVersao[] {
  const original = originalIdioma(c);
  return [
    { idioma: original, titulo: c.titulo, mensagem: c.mensagem },
    ...(c.traducoes ?? []).filter((t) => t.idioma !== original),
  ];
}
