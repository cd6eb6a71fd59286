import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../features/communications/use-debounced';
import type { TipoBuscaGlobal } from '../../generated/graphql';
import { SearchExcerpt } from '../../ui/SearchExcerpt';
import { visuallyHidden } from '../../ui/visually-hidden';
import { BuscaGlobalDocument } from './global-search.generated';
import { optionId, type SearchOption } from './search-options';

/** The search waits this long after the last key (SPEC §9). */
export const SEARCH_DEBOUNCE_MS = 200;
/** Results per kind in the header. */
const PER_KIND = 5;
/** The menu is filtered in the browser (the drawer below); the other kinds come from the server. */
const KINDS: TipoBuscaGlobal[] = ['COMUNICADOS', 'BIBLIOTECA', 'USUARIOS', 'DEALERS', 'GRUPOS', 'GRUPOS_USUARIOS'];
/** Each kind's name: its screen's title (customer labels included). */
const KIND_TITLE: Record<string, string> = {
  MENU: 'shell.mainMenu',
  COMUNICADOS: 'route.comunicados',
  BIBLIOTECA: 'route.biblioteca',
  USUARIOS: 'route.usuarios',
  DEALERS: 'route.dealers',
  GRUPOS: 'route.grupos',
  GRUPOS_USUARIOS: 'route.gruposUsuarios',
};

/** A section's count as shown: "100+" when the header stopped counting (the kind's screen counts them all). */
const countOf = (section: { total: number; totalLimitado: boolean }) =>
  section.totalLimitado ? `${section.total}+` : String(section.total);

type Props = {
  /** The listbox's id (the search box's aria-controls). */
  id: string;
  text: string;
  recents: readonly string[];
  /** The option under the arrows, or -1. */
  active: number;
  /** Told of the options in their order, whenever they change. */
  onOptions: (options: SearchOption[]) => void;
  onActivate: (option: SearchOption) => void;
};

type Group = { key: string; title: string; entries: { option: SearchOption; content: ReactNode }[] };

/**
 * The header search's list (docs/domains/search.md#the-box): the recent searches while the box is empty, else,
 * 200 ms after the last key, the best matches of each kind with a "see all" each. A listbox the search box
 * drives (arrows, Enter); a click opens too.
 */
export function GlobalSearchResults({ id, text, recents, active, onOptions, onActivate }: Props) {
  const { t } = useTranslation();
  const wanted = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const searching = wanted.length >= 2;
  const { data, previousData, loading, error } = useQuery(BuscaGlobalDocument, {
    variables: { texto: wanted, tipos: KINDS, limite: PER_KIND },
    skip: !searching,
    fetchPolicy: 'network-only',
  });
  const sections = searching ? (data ?? previousData)?.buscaGlobal : undefined;

  const groups = useMemo<Group[]>(() => {
    if (!text.trim()) {
      if (!recents.length) return [];
      return [
        {
          key: 'recent',
          title: t('shell.globalSearch.recent'),
          entries: recents.map((recent, n) => ({
            option: { id: `recent-${n}`, kind: 'recent', text: recent },
            content: <Typography variant="body2">{recent}</Typography>,
          })),
        },
      ];
    }
    return (sections ?? []).map((section) => ({
      key: section.tipo,
      title: `${t(KIND_TITLE[section.tipo] ?? section.tipo)} (${countOf(section)})`,
      entries: [
        ...section.itens.map((item) => ({
          option: { id: `${section.tipo}-${item.id}`, kind: 'result' as const, rota: item.rota, externo: item.externo },
          content: (
            <>
              <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {item.titulo}
                {item.externo && (
                  <Box component="span" sx={visuallyHidden}>
                    {` ${t('shell.newTab')}`}
                  </Box>
                )}
              </Typography>
              {item.detalhe && (
                <Typography variant="caption" component="span" sx={{ display: 'block' }} color="text.secondary">
                  {item.detalhe}
                </Typography>
              )}
              {item.trecho && <SearchExcerpt excerpt={item.trecho} />}
            </>
          ),
        })),
        ...(section.verTodos
          ? [
              {
                option: { id: `${section.tipo}-all`, kind: 'seeAll' as const, rota: section.verTodos, externo: false },
                content: (
                  <Typography variant="body2" component="span" color="primary">
                    {t('shell.globalSearch.seeAll', { count: countOf(section) })}
                  </Typography>
                ),
              },
            ]
          : []),
      ],
    }));
  }, [text, recents, sections, t]);

  const options = useMemo(() => groups.flatMap((g) => g.entries.map((e) => e.option)), [groups]);
  useEffect(() => onOptions(options), [options, onOptions]);

  let status = '';
  if (searching && loading) status = t('shell.globalSearch.loading');
  else if (searching && error) status = t('shell.globalSearch.error');
  else if (searching && sections && sections.length === 0 && wanted === text.trim())
    status = t('shell.globalSearch.none');

  let n = -1;
  return (
    <Box sx={{ borderBottom: groups.length ? 1 : 0, borderColor: 'divider', maxHeight: '55vh', overflowY: 'auto' }}>
      {searching && loading && <LinearProgress aria-label={t('shell.globalSearch.loading')} sx={{ height: 2 }} />}
      <Typography role="status" variant="body2" color="text.secondary" sx={status ? { px: 2, py: 1 } : visuallyHidden}>
        {status}
      </Typography>
      {groups.length > 0 && (
        <Box role="listbox" id={id} aria-label={t('shell.globalSearch.results')} sx={{ pb: 1 }}>
          {groups.map((group) => (
            <Box role="group" key={group.key} aria-labelledby={`${id}-${group.key}`}>
              <Typography
                id={`${id}-${group.key}`}
                variant="overline"
                component="div"
                color="text.secondary"
                sx={{ px: 2, pt: 1, lineHeight: 2 }}
              >
                {group.title}
              </Typography>
              {group.entries.map(({ option, content }) => {
                n += 1;
                const selected = n === active;
                return (
                  <Box
                    key={option.id}
                    id={optionId(id, n)}
                    role="option"
                    aria-selected={selected}
                    // The search box keeps the focus; a click still chooses.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => onActivate(option)}
                    sx={{
                      px: 2,
                      py: 0.75,
                      cursor: 'pointer',
                      bgcolor: selected ? 'action.selected' : undefined,
                      '&:hover': { bgcolor: 'action.hover' },
                    }}
                  >
                    {content}
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
