/**
 * One choice of the header search's list (docs/domains/search.md#the-box): a result or a kind's "see all" (an
 * address), or a recent search (a text to search again). The header moves through them with the arrows.
 */
export type SearchOption =
  | { id: string; kind: 'result' | 'seeAll'; rota: string; externo: boolean }
  | { id: string; kind: 'recent'; text: string };

/** The id of the n-th option of the list `listId` (aria-activedescendant). */
export const optionId = (listId: string, n: number) => `${listId}-opcao-${n}`;

/** Whether a key press is the search shortcut: Ctrl+K, or Cmd+K on a Mac. */
export const isSearchShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
