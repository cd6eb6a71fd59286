import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** An excerpt of a text with the words a search matched (the API's `TrechoBusca`: text and offsets, never HTML). */
export type Excerpt = { texto: string; destaques: readonly { inicio: number; fim: number }[] };

/**
 * A search result's excerpt (docs/domains/search.md#matching): plain text with the matched words in `<mark>`,
 * built from the offsets, so nothing of the file's text is ever read as markup.
 */
export function SearchExcerpt({ excerpt }: { excerpt: Excerpt }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { inicio, fim } of excerpt.destaques) {
    if (inicio < at || fim <= inicio || fim > excerpt.texto.length) continue;
    if (inicio > at) parts.push(excerpt.texto.slice(at, inicio));
    parts.push(
      <Box
        component="mark"
        key={inicio}
        sx={{ bgcolor: '#fff1a8', color: 'rgba(0, 0, 0, 0.87)', px: 0.25, borderRadius: 0.5 }}
      >
        {excerpt.texto.slice(inicio, fim)}
      </Box>,
    );
    at = fim;
  }
  if (at < excerpt.texto.length) parts.push(excerpt.texto.slice(at));
  return (
    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
      {parts}
    </Box>
  );
}
