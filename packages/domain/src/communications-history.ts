// The history of a communication and the approver's difference (issue 17 point 2, decision 0041): pure functions
// shared by the server (which computes the difference) and the web (which shows it).

/** The steps kept in a communication's history, oldest first. */
export const HISTORY_EVENTS = [
  'CRIACAO',
  'EDICAO',
  'SUBMISSAO',
  'REJEICAO',
  'APROVACAO',
  'AGENDAMENTO',
  'ENVIO_DIRETO',
  'DISPARO',
  'ENVIO',
  'ERRATA',
  'ARQUIVAMENTO',
  'DESARQUIVAMENTO',
  'LEMBRETE',
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

/** A part of a difference: kept, added or removed text (a word run, or one list item). */
export type DiffPart = { tipo: 'IGUAL' | 'ADICIONADO' | 'REMOVIDO'; texto: string };

/** Plain text of sanitised HTML: tags become spaces, the common entities their characters. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Longest-common-subsequence table walk over two token lists, merged into runs of the same kind. */
function diffTokens(a: string[], b: string[], join: (t: string[]) => string): DiffPart[] {
  const n = a.length;
  const m = b.length;
  // Messages are short (a communication), so the O(n·m) table is fine; a huge one falls back to remove-all/add-all.
  if (n * m > 4_000_000) {
    return [
      ...(n ? [{ tipo: 'REMOVIDO' as const, texto: join(a) }] : []),
      ...(m ? [{ tipo: 'ADICIONADO' as const, texto: join(b) }] : []),
    ];
  }
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: { tipo: DiffPart['tipo']; tokens: string[] }[] = [];
  const push = (tipo: DiffPart['tipo'], token: string) => {
    const last = out[out.length - 1];
    if (last?.tipo === tipo) last.tokens.push(token);
    else out.push({ tipo, tokens: [token] });
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      push('IGUAL', a[i]);
      i++;
      j++;
    } else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      push('REMOVIDO', a[i++]);
    } else {
      push('ADICIONADO', b[j++]);
    }
  }
  return out.map((p) => ({ tipo: p.tipo, texto: join(p.tokens) }));
}

/** Word by word difference of two texts (whitespace collapsed): what was removed, added and kept. */
export function diffWords(before: string, after: string): DiffPart[] {
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  return diffTokens(words(before), words(after), (t) => t.join(' '));
}

/** Item by item difference of two lists (order ignored): each removed and added item, then the kept ones. */
export function diffLists(before: readonly string[], after: readonly string[]): DiffPart[] {
  const was = new Set(before);
  const is = new Set(after);
  return [
    ...[...was].filter((x) => !is.has(x)).map((texto) => ({ tipo: 'REMOVIDO' as const, texto })),
    ...[...is].filter((x) => !was.has(x)).map((texto) => ({ tipo: 'ADICIONADO' as const, texto })),
    ...[...is].filter((x) => was.has(x)).map((texto) => ({ tipo: 'IGUAL' as const, texto })),
  ];
}

/** Whether a difference changes anything. */
export const diffChanges = (parts: DiffPart[]) => parts.some((p) => p.tipo !== 'IGUAL');

/** What a submission looked like (the snapshot kept in the history; names kept so it stays readable). */
export type ComunicadoSnapshot = {
  titulo: string;
  mensagem: string;
  idioma: string | null;
  traducoes: { idioma: string; titulo: string; mensagem: string }[];
  grupos: string[];
  gruposDealers: string[];
  emailsAvulsos: string[];
  usuariosRemovidos: string[];
  arquivos: string[];
  etiquetas: string[];
  dataInicioExibicao: string | null;
  dataFimExibicao: string | null;
};

/** One changed field of the approver's difference: `campo` names it, `idioma` a language version's. */
export type SnapshotChange = { campo: string; idioma: string | null; partes: DiffPart[] };

const LIST_FIELDS = ['grupos', 'gruposDealers', 'emailsAvulsos', 'usuariosRemovidos', 'arquivos', 'etiquetas'] as const;
const DATE_FIELDS = ['dataInicioExibicao', 'dataFimExibicao'] as const;

/**
 * The fields that changed between two snapshots (the rejected submission and the current one), in form order:
 * title and message word by word, each language version (added, removed or changed), the audience, attachments and
 * tags item by item, the display dates as before/after. Unchanged fields are left out.
 */
export function diffSnapshots(before: ComunicadoSnapshot, after: ComunicadoSnapshot): SnapshotChange[] {
  const changes: SnapshotChange[] = [];
  const add = (campo: string, partes: DiffPart[], idioma: string | null = null) => {
    if (diffChanges(partes)) changes.push({ campo, idioma, partes });
  };
  add('titulo', diffWords(before.titulo, after.titulo));
  add('mensagem', diffWords(htmlToText(before.mensagem), htmlToText(after.mensagem)));
  const idiomas = [...new Set([...before.traducoes, ...after.traducoes].map((t) => t.idioma))].sort();
  for (const idioma of idiomas) {
    const was = before.traducoes.find((t) => t.idioma === idioma);
    const is = after.traducoes.find((t) => t.idioma === idioma);
    add('traducao.titulo', diffWords(was?.titulo ?? '', is?.titulo ?? ''), idioma);
    add('traducao.mensagem', diffWords(htmlToText(was?.mensagem ?? ''), htmlToText(is?.mensagem ?? '')), idioma);
  }
  for (const f of LIST_FIELDS) add(f, diffLists(before[f] ?? [], after[f] ?? []));
  for (const f of DATE_FIELDS) {
    const was = before[f];
    const is = after[f];
    if (was !== is) {
      add(f, [
        ...(was ? [{ tipo: 'REMOVIDO' as const, texto: was }] : []),
        ...(is ? [{ tipo: 'ADICIONADO' as const, texto: is }] : []),
      ]);
    }
  }
  return changes;
}
