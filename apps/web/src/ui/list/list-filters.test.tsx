// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { activeOf, exportHref, ordenacaoOf, StatusFilter } from './list-filters';

afterEach(cleanup);

describe('list filters (the kit of every administration list)', () => {
  it('read the URL state as the API arguments', () => {
    expect([activeOf('ATIVO'), activeOf('INATIVO'), activeOf(undefined), activeOf('x')]).toEqual([
      true,
      false,
      null,
      null,
    ]);
    expect(ordenacaoOf({ field: 'nome', direction: 'asc' })).toBe('nome');
    expect(ordenacaoOf({ field: 'cnpj', direction: 'desc' })).toBe('-cnpj');
    expect(ordenacaoOf(null)).toBeNull();
  });

  it('build the export address from the non-empty variables, in their order', () => {
    expect(exportHref('/api/x.xlsx', { busca: 'São Paulo', active: false, uf: null, ordenacao: '-nome' })).toBe(
      '/api/x.xlsx?busca=S%C3%A3o+Paulo&active=false&ordenacao=-nome',
    );
    expect(exportHref('/api/x.xlsx', { busca: null, active: null, grupo: '' })).toBe('/api/x.xlsx');
  });

  it('offer all, active and inactive, and give null for all', async () => {
    const onChange = vi.fn();
    await i18n.changeLanguage('pt-BR');
    render(
      <I18nextProvider i18n={i18n}>
        <StatusFilter label="Situação" value="ATIVO" onChange={onChange} />
      </I18nextProvider>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Todos', 'Ativo', 'Inativo']);
    fireEvent.click(options[0]);
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
