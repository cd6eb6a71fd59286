import { createTheme } from '@mui/material/styles';
import { ERROR_COLOR, themePrimary } from '@portal/domain';
import type { TFunction } from 'i18next';

/** The theme's spacing unit in px (SPEC §9 "default spacing 12"). */
export const PORTAL_SPACING = 12;

/**
 * The words MUI's own components say (an Autocomplete's "No options" and the labels of its buttons, an Alert's close
 * button, collapsed breadcrumbs), in the user's language: MUI's defaults are English.
 */
export function muiTexts(t: TFunction) {
  return {
    noOptions: t('common.noOptions'),
    open: t('common.openOptions'),
    close: t('common.closeOptions'),
    clear: t('common.clearValue'),
    loading: t('common.loadingOptions'),
    closeAlert: t('common.close'),
    showPath: t('common.showPath'),
  };
}

export type MuiTexts = ReturnType<typeof muiTexts>;

/**
 * The MUI theme of the customer's theme variant (docs/domains/portal-properties.md#theme): its primary colour, error
 * colour #e6433f, and the same font stack as the provider's sign-in pages, so moving between them does not jump.
 * Every button shows a clear focus ring when reached by keyboard, and a read-only field looks read-only (a tinted,
 * dashed box) rather than like one waiting for input. The spacing unit is 12 px (SPEC §9 "default spacing 12",
 * decision 0050): `p: 2` is 24 px. `texts` are MUI's own words in the user's language (`muiTexts`); a component's own
 * props still win.
 */
export function createPortalTheme(variant: string | null | undefined, texts?: MuiTexts) {
  return createTheme({
    palette: { primary: { main: themePrimary(variant) }, error: { main: ERROR_COLOR } },
    spacing: PORTAL_SPACING,
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    components: {
      ...(texts && {
        MuiAutocomplete: {
          defaultProps: {
            noOptionsText: texts.noOptions,
            openText: texts.open,
            closeText: texts.close,
            clearText: texts.clear,
            loadingText: texts.loading,
          },
        },
        MuiAlert: { defaultProps: { closeText: texts.closeAlert } },
        MuiBreadcrumbs: { defaultProps: { expandText: texts.showPath } },
      }),
      MuiButtonBase: {
        styleOverrides: {
          // White inside, near-black outside: visible on the white page and on the coloured header alike.
          root: {
            '&.Mui-focusVisible': { outline: '2px solid #ffffff', outlineOffset: 0, boxShadow: '0 0 0 4px #1f1f1f' },
          },
        },
      },
      MuiInputBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.MuiInputBase-readOnly': { backgroundColor: theme.palette.action.hover },
            '&.MuiInputBase-readOnly .MuiOutlinedInput-notchedOutline': { borderStyle: 'dashed' },
          }),
        },
      },
    },
  });
}
