// @vitest-environment jsdom
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PortalTheme } from './App';
import { i18n } from './i18n';
import { createPortalTheme } from './theme';

describe('the portal theme', () => {
  afterEach(() => cleanup());
  afterAll(() => i18n.changeLanguage('pt-BR'));

  // MUI's own words are English: "No options" and "Open" were shown in Portuguese screens.
  it.each([
    { language: 'pt-BR', none: 'Nenhuma opção', open: 'Abrir', close: 'Fechar' },
    { language: 'es', none: 'Ninguna opción', open: 'Abrir', close: 'Cerrar' },
    { language: 'en', none: 'No options', open: 'Open', close: 'Close' },
  ])("says MUI's own words in $language, and follows a change of language", async (c) => {
    await act(() => i18n.changeLanguage('pt-BR'));
    render(
      <I18nextProvider i18n={i18n}>
        <PortalTheme variant={null}>
          <Autocomplete options={[] as string[]} renderInput={(params) => <TextField {...params} label="Grupos" />} />
        </PortalTheme>
      </I18nextProvider>,
    );
    await act(() => i18n.changeLanguage(c.language));
    fireEvent.click(screen.getByRole('button', { name: c.open }));
    expect(await screen.findByText(c.none)).toBeTruthy();
    expect(screen.getByRole('button', { name: c.close })).toBeTruthy();
  });

  it('spaces by 12 px (SPEC §9 "default spacing 12")', () => {
    const theme = createPortalTheme(null);
    expect(theme.spacing(1)).toBe('12px');
    expect(theme.spacing(2, 0.5)).toBe('24px 6px');
  });

  it('gives keyboard focus a two-tone ring and read-only fields a look of their own', () => {
    const theme = createPortalTheme('blueOcean');
    const button = theme.components?.MuiButtonBase?.styleOverrides?.root as Record<string, Record<string, string>>;
    expect(button['&.Mui-focusVisible']).toMatchObject({
      outline: '2px solid #ffffff',
      boxShadow: '0 0 0 4px #1f1f1f',
    });
    render(
      <ThemeProvider theme={theme}>
        <Button>Salvar</Button>
        <TextField label="E-mail" value="a@b.c" slotProps={{ input: { readOnly: true } }} />
        <TextField label="Nome" defaultValue="" />
      </ThemeProvider>,
    );
    const readOnly = screen.getByLabelText('E-mail').closest('.MuiInputBase-root') as HTMLElement;
    const editable = screen.getByLabelText('Nome').closest('.MuiInputBase-root') as HTMLElement;
    expect(readOnly.classList.contains('MuiInputBase-readOnly')).toBe(true);
    expect(getComputedStyle(readOnly).backgroundColor).not.toBe(getComputedStyle(editable).backgroundColor);
  });
});
