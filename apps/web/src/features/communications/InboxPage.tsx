import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  COMUNICADO_PAGE_SIZES,
  canCreateComunicado,
  type InboxTab,
  inboxTabs,
  MANAGE_TABS,
  type ManageTab,
} from '@portal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { LoadingView } from '../../ui/LoadingView';
import { ListSearch } from '../../ui/list/ListSearch';
import { useListParams } from '../../ui/list/use-list-params';
import { visuallyHidden } from '../../ui/visually-hidden';
import { useApprovalsCount } from './approvals-count';
import { AddIcon } from './communication-icons';
import { comunicadoUrls } from './format';
import { EnviosList, SentList } from './InboxLists';

/** The tab is one of the list's filters in the URL (`?aba=`), beside page, size and search. */
const TAB = 'aba';
const LIST_OPTIONS = { pageSizes: COMUNICADO_PAGE_SIZES, filters: [TAB] };

const isManageTab = (tab: InboxTab): tab is ManageTab => (MANAGE_TABS as readonly string[]).includes(tab);

/**
 * /comunicados (docs/domains/communications.md#deliveries-and-the-inbox, issue 5 point 5, decision 0032): the
 * received tabs for everybody; "to approve" with its live count for approvers, the default tab when something waits;
 * "in approval" and "sent" for creators and approvers; search and paging on the kit's list, kept in the URL with
 * the tab (`?aba=ENVIADOS&busca=&pagina=`); "Novo comunicado" for holders of the create key.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const actor = useMemo(() => ({ id: user.id, chaves: user.funcionalidades.map((f) => f.chave) }), [user]);
  const tabs = inboxTabs(actor);
  const list = useListParams(LIST_OPTIONS);
  const requested = list.query.filters[TAB] as InboxTab | undefined;
  const approver = tabs.includes('A_APROVAR');
  const toApprove = useApprovalsCount();
  // Without a tab in the URL an approver lands on "to approve" when something waits (known once the count arrives).
  const fallback: InboxTab = approver && toApprove ? 'A_APROVAR' : 'RECEBIDOS';
  const aba: InboxTab = requested && tabs.includes(requested) ? requested : fallback;
  const deciding = approver && !requested && toApprove === null;
  const canCreate = canCreateComunicado(actor);

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
          mb: 1,
        }}
      >
        <Tabs
          value={aba}
          // An approver's default depends on the count: their choice is kept in the URL, whatever it is.
          onChange={(_, next: InboxTab) => list.setFilter(TAB, next === 'RECEBIDOS' && !approver ? null : next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('communicationsUi.inbox.tabs')}
          sx={{ flex: '1 1 auto', minWidth: 0 }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              label={
                tab === 'A_APROVAR' && toApprove ? (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    {t('communicationsUi.inbox.A_APROVAR')}
                    <Chip size="small" color="warning" label={toApprove} aria-hidden data-testid="to-approve-count" />
                    <Box component="span" sx={visuallyHidden}>
                      {t('shell.toApproveCount', { count: toApprove })}
                    </Box>
                  </Box>
                ) : (
                  t(`communicationsUi.inbox.${tab}`)
                )
              }
            />
          ))}
        </Tabs>
        <Box sx={{ width: { xs: '100%', sm: 280 }, mb: 1 }}>
          <ListSearch label={t('communicationsUi.inbox.search')} value={list.query.busca} onSearch={list.setSearch} />
        </Box>
      </Box>
      <Box role="tabpanel" aria-label={t(`communicationsUi.inbox.${aba}`)}>
        {deciding ? (
          <LoadingView />
        ) : isManageTab(aba) ? (
          <SentList key={aba} lista={aba} list={list} />
        ) : (
          <EnviosList key={aba} aba={aba} list={list} />
        )}
      </Box>
    </Box>
  );
}
