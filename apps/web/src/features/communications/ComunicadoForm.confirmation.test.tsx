// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRUPOS_USUARIOS_ATIVOS } from '../library/library.documents';
import { ComunicadoForm } from './ComunicadoForm';
import {
  APROVADORES_COMUNICADO,
  type Comunicado,
  DEPARTAMENTOS_COMUNICADOS,
  GRUPOS_COMUNICADO,
  SALVAR_COMUNICADO,
} from './communications.documents';
import { buildComunicado, creator, Providers } from './test-factories';

// The read-confirmation choice of the form (issue 17 point 4). Tiptap cannot lay out in jsdom: a textarea stands in.
vi.mock('../../ui/RichTextEditor', () => ({
  RichTextEditor: (props: { label: string; value: string; onChange: (v: string) => void }) => (
    <textarea aria-label={props.label} defaultValue={props.value} onChange={(e) => props.onChange(e.target.value)} />
  ),
}));

const many = (m: MockedResponse): MockedResponse => ({ ...m, maxUsageCount: 20 });
const baseMocks: MockedResponse[] = [
  many({ request: { query: GRUPOS_USUARIOS_ATIVOS }, result: { data: { gruposUsuariosAtivos: [] } } }),
  many({ request: { query: GRUPOS_COMUNICADO }, result: { data: { gruposComunicado: [] } } }),
  many({ request: { query: DEPARTAMENTOS_COMUNICADOS }, result: { data: { departamentosComunicados: [] } } }),
  many({ request: { query: APROVADORES_COMUNICADO }, result: { data: { aprovadoresComunicado: [] } } }),
];

function renderForm(mode: 'novo' | 'editar', comunicado?: Comunicado, extra: MockedResponse[] = []) {
  render(
    <Providers user={creator()} mocks={[...baseMocks, ...extra]}>
      <ComunicadoForm mode={mode} comunicado={comunicado} />
    </Providers>,
  );
}

const checkbox = () =>
  screen.getByRole('checkbox', {
    name: 'Pedir aos destinatários que confirmem que leram e entenderam',
  }) as HTMLInputElement;

describe('ComunicadoForm: read confirmation (issue 17 point 4)', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('starts off, and sends exigeConfirmacao when ticked', async () => {
    const sent: Record<string, unknown>[] = [];
    renderForm('novo', undefined, [
      {
        request: { query: SALVAR_COMUNICADO },
        variableMatcher: (variables) => {
          sent.push(variables.comunicado);
          return true;
        },
        result: { data: { salvarComunicado: buildComunicado({ id: 'c-new', exigeConfirmacao: true }) } },
      },
    ]);
    expect(checkbox().checked).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /Título/ }), { target: { value: 'Norma nova' } });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Mensagem' }), { target: { value: '<p>Leia</p>' } });
    fireEvent.click(checkbox());
    expect(checkbox().checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await vi.waitFor(() => expect(sent.at(-1)).toMatchObject({ titulo: 'Norma nova', exigeConfirmacao: true }));
  });

  it('shows the stored choice when editing', () => {
    renderForm('editar', buildComunicado({ exigeConfirmacao: true, viewerCan: { editar: true } }));
    expect(checkbox().checked).toBe(true);
  });
});
