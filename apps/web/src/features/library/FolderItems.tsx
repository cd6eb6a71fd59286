import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { LIBRARY_NAME_TRUNCATE } from '@portal/domain';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format-date';
import { formatSize, ItemIcon, kindOf } from './item-kind';
import type { ItemBiblioteca } from './library.documents';
import { NameTooltip, TruncatedName } from './TruncatedName';

export type ItemHandlers = {
  onClick: (item: ItemBiblioteca, event: MouseEvent) => void;
  onDoubleClick: (item: ItemBiblioteca) => void;
  onKeyDown: (item: ItemBiblioteca, event: KeyboardEvent) => void;
};

type Props = ItemHandlers & {
  items: readonly ItemBiblioteca[];
  view: 'grid' | 'list';
  selected: { has(id: string): boolean };
};

const LIST_COLUMNS = {
  xs: '1fr',
  md: 'minmax(0, 3fr) minmax(0, 1.2fr) minmax(0, 1fr) minmax(0, 1.8fr) minmax(0, 1.5fr)',
};

/** "New": changed by someone else since the viewer's previous sign-in (docs/domains/library.md#new-since-your-last-visit). */
function NewMark({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      id={newMarkId(itemId)}
      size="small"
      color="primary"
      label={t('library.new')}
      aria-hidden
      sx={{ height: 20, fontSize: 12, flexShrink: 0 }}
    />
  );
}

const newMarkId = (itemId: string) => `novo-${itemId}`;

/**
 * The items of a folder as tiles or rows: a multi-select listbox whose options take focus (Enter
 * opens, Space selects), named by the item's full name, shown in a tooltip on hover and focus when cut.
 * Each item shows its kind's icon; rows also its type and size; a "new" mark on what changed since the last visit.
 */
export function FolderItems({ items, view, selected, onClick, onDoubleClick, onKeyDown }: Props) {
  const { t, i18n } = useTranslation();
  const optionProps = (item: ItemBiblioteca) => ({
    role: 'option',
    tabIndex: 0,
    'aria-selected': selected.has(item.id),
    'aria-label': item.nome,
    // "New" is said as the option's description, so its name stays the item's name.
    'aria-describedby': item.novo ? newMarkId(item.id) : undefined,
    onClick: (event: MouseEvent) => onClick(item, event),
    onDoubleClick: () => onDoubleClick(item),
    onKeyDown: (event: KeyboardEvent) => onKeyDown(item, event),
  });
  const selectable = {
    cursor: 'pointer',
    userSelect: 'none',
    '&[aria-selected="true"]': { bgcolor: 'action.selected', borderColor: 'primary.main' },
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 },
  } as const;

  if (view === 'grid')
    return (
      <Box
        role="listbox"
        aria-multiselectable
        aria-label={t('library.items')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}
      >
        {items.map((item) => (
          <NameTooltip
            key={item.id}
            name={item.nome}
            max={item.pasta ? LIBRARY_NAME_TRUNCATE.folderTile : LIBRARY_NAME_TRUNCATE.default}
          >
            <Box
              {...optionProps(item)}
              sx={{ ...selectable, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
            >
              <Box sx={{ height: 96, display: 'flex', alignItems: 'center', justifyContent: 'center', mb: 1 }}>
                {item.arquivoMiniaturaLink ? (
                  <Box
                    component="img"
                    src={item.arquivoMiniaturaLink}
                    alt=""
                    loading="lazy"
                    sx={{ maxWidth: '100%', maxHeight: 96, objectFit: 'contain' }}
                  />
                ) : (
                  <Box sx={{ '& svg': { fontSize: 56 } }}>
                    <ItemIcon item={item} />
                  </Box>
                )}
              </Box>
              <Typography variant="body2" sx={{ wordBreak: 'break-word', textAlign: 'center' }}>
                <TruncatedName
                  name={item.nome}
                  max={item.pasta ? LIBRARY_NAME_TRUNCATE.folderTile : LIBRARY_NAME_TRUNCATE.default}
                  hoverTitle={false}
                />
              </Typography>
              {item.novo && (
                <Box sx={{ textAlign: 'center', mt: 0.5 }}>
                  <NewMark itemId={item.id} />
                </Box>
              )}
            </Box>
          </NameTooltip>
        ))}
      </Box>
    );

  return (
    <Box>
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', md: 'grid' },
          gridTemplateColumns: LIST_COLUMNS,
          gap: 2,
          px: 2,
          py: 1,
          typography: 'subtitle2',
          color: 'text.secondary',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <span>{t('library.columns.name')}</span>
        <span>{t('library.columns.type')}</span>
        <span>{t('library.columns.size')}</span>
        <span>{t('library.columns.owner')}</span>
        <span>{t('library.columns.modified')}</span>
      </Box>
      <Box role="listbox" aria-multiselectable aria-label={t('library.items')}>
        {items.map((item) => (
          <NameTooltip key={item.id} name={item.nome}>
            <Box
              {...optionProps(item)}
              sx={{
                ...selectable,
                display: 'grid',
                gridTemplateColumns: LIST_COLUMNS,
                gap: { xs: 0, md: 2 },
                alignItems: 'center',
                px: 2,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <ItemIcon item={item} />
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  <TruncatedName name={item.nome} hoverTitle={false} />
                </Box>
                {item.novo && <NewMark itemId={item.id} />}
              </Box>
              <Typography variant="body2" color="text.secondary" noWrap sx={{ display: { xs: 'none', md: 'block' } }}>
                {t(`library.kind.${kindOf(item)}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap sx={{ pl: { xs: 4, md: 0 } }}>
                {formatSize(item.tamanho, i18n.language)}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap sx={{ pl: { xs: 4, md: 0 } }}>
                {item.proprietario?.nome ?? ''}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 4, md: 0 } }}>
                {formatDateTime(item.ultimaModificacao, i18n.language)}
              </Typography>
            </Box>
          </NameTooltip>
        ))}
      </Box>
    </Box>
  );
}
