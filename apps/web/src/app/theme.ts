import { createTheme } from '@mui/material/styles';

/** The same font stack as the provider's sign-in pages, so moving between them does not jump. */
export const theme = createTheme({
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});
