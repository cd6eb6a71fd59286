import { createTheme } from '@mui/material/styles';
import { ERROR_COLOR, themePrimary } from '@portal/domain';

/**
 * The MUI theme of the customer's theme variant (docs/domains/portal-properties.md#theme): its primary colour, error
 * colour #e6433f, and the same font stack as the provider's sign-in pages, so moving between them does not jump.
 */
export function createPortalTheme(variant: string | null | undefined) {
  return createTheme({
    palette: { primary: { main: themePrimary(variant) }, error: { main: ERROR_COLOR } },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  });
}
