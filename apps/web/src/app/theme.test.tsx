// @vitest-environment jsdom
import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPortalTheme } from './theme';

describe('the portal theme', () => {
  afterEach(() => cleanup());

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
