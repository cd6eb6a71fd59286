import { createTheme } from '@mui/material/styles';
import { ERROR_COLOR, themePrimary } from '@portal/domain';

/** The theme's spacing unit in px (SPEC §9 "default spacing 12"). */
export const PORTAL_SPACING = 12;

/**
 * The MUI theme of the customer's theme variant (docs/domains/portal-properties.md#theme): its primary colour, error
 * colour #e6433f, and the same font stack as the provider's sign-in pages, so moving between them does not jump.
 * Every button shows a clear focus ring when reached by keyboard, and a read-only field looks read-only (a tinted,
 * dashed box) rather than like one waiting for input. The spacing unit is 12 px (SPEC §9 "default spacing 12",
 * decision 0050): `p: 2` is 24 px.
 */
export function createPortalTheme(variant: string | null | undefined) {
  return createTheme({
    palette: { primary: { main: themePrimary(variant) }, error: { main: ERROR_COLOR } },
    spacing: PORTAL_SPACING,
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    components: {
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
