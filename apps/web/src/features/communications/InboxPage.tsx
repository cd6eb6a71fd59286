import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMUNICADO_DEFAULT_PAGE_SIZE, canCreateComunicado, type InboxTab, inboxTabs } from '@portal/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { SearchIcon } from '../../app/shell/icons';
import { AddIcon } from './communication-icons';
import { comunicadoUrls, SEARCH_DEBOUNCE_MS } from './format';
import { EnviosList, type Paging, SentList } from './InboxLists';
import { useDebounced } from './use-debounced';

const FIRST_PAGE: Paging = { page: 0, rowsPerPage: COMUNICADO_DEFAULT_PAGE_SIZE };

/**
 * /comunicados (docs/domains/communications.md#deliveries-and-the-inbox, issue 5 point 5): the received tabs for
 * everybody, ENVIADOS for creators and approvers; search and paging per tab (the tab is in the URL, `?aba=`); "Novo
 * comunicado" for holders of the create key.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const actor = useMemo(() => ({ id: user.id, chaves: user.funcionalidades.map((f) => f.chave) }), [user]);
  const tabs = inboxTabs(actor);
  const [params, setParams] = useSearchParams();
  const requested = params.get('aba') as InboxTab | null;
  const aba: InboxTab = requested && tabs.includes(requested) ? requested : 'RECEBIDOS';
  const [searchText, setSearchText] = useState('');
  const busca = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const canCreate = canCreateComunicado(actor);

  const listProps = { busca, paging, onPaging: setPaging };
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flex: '1 1 auto' }}>
          {t('communicationsUi.inbox.title')}
        </Typography>
        {canCreate && (
          <Button component={RouterLink} to={comunicadoUrls.novo} variant="contained" startIcon={<AddIcon />}>
            {t('communicationsUi.inbox.newButton')}
          </Button>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Tabs
          value={aba}
          onChange={(_, next: InboxTab) => {
            setParams(next === 'RECEBIDOS' ? {} : { aba: next });
            setPaging(FIRST_PAGE);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('communicationsUi.inbox.tabs')}
          sx={{ flex: '1 1 auto', minWidth: 0 }}
        >
          {tabs.map((tab) => (
            <Tab key={tab} value={tab} label={t(`communicationsUi.inbox.${tab}`)} />
          ))}
        </Tabs>
        <TextField
          size="small"
          type="search"
          label={t('communicationsUi.inbox.search')}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', sm: 280 }, mb: 1 }}
        />
      </Box>
      <Box role="tabpanel" aria-label={t(`communicationsUi.inbox.${aba}`)}>
        {aba === 'ENVIADOS' ? <SentList {...listProps} /> : <EnviosList aba={aba} {...listProps} />}
      </Box>
    </Box>
  );
}
