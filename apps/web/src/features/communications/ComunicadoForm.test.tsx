// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { i18n } from '../../app/i18n';
import { typeDay } from '../../ui/form/type-day.testing';
import { GRUPOS_USUARIOS_ATIVOS } from '../library/library.documents';
import { ComunicadoForm } from './ComunicadoForm';
import {
  APROVADORES_COMUNICADO,
  type Comunicado,
  DEPARTAMENTOS_COMUNICADOS,
  GRUPOS_COMUNICADO,
  SALVAR_COMUNICADO,
} from './communications.documents';
import { toLocalInput } from './format';
import { approver, buildComunicado, creator, Providers } from './test-factories';

// The real editor is Tiptap (ProseMirror), which jsdom cannot lay out: a labelled textarea stands in.
vi.mock('../../ui/RichTextEditor', () => ({
  RichTextEditor: (props: {
    label: string;
    value: string;
    onChange: (v: string) => void;
    onBlur?: () => void;
    error?: string;
  }) => (
    <div>
      <textarea
        aria-label={props.label}
        defaultValue={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
      {props.error && <p>{props.error}</p>}
    </div>
  ),
}));

const many = (m: MockedResponse): MockedResponse => ({ ...m, maxUsageCount: 20 });
const baseMocks: MockedResponse[] = [
  many({
    request: { query: GRUPOS_USUARIOS_ATIVOS },
    result: {
      data: { gruposUsuariosAtivos: [{ __typename: 'GrupoUsuariosAtivo', id: 'g1', nome: 'Rede Horizonte' }] },
    },
  }),
  many({ request: { query: GRUPOS_COMUNICADO }, result: { data: { gruposComunicado: [] } } }),
  many({ request: { query: DEPARTAMENTOS_COMUNICADOS }, result: { data: { departamentosComunicados: [] } } }),
  many({
    request: { query: APROVADORES_COMUNICADO },
    result: {
      data: {
        aprovadoresComunicado: [
          { __typename: 'UsuarioComunicado', id: 'u-2', nome: 'Ana Aprovadora', email: 'aprovador@portal.demo' },
        ],
      },
    },
  }),
];

function renderForm(
  user: SignedInUser,
  mode: 'novo' | 'editar' | 'errata' = 'novo',
  comunicado?: Comunicado,
  extraMocks: MockedResponse[] = [],
) {
  render(
    <Providers user={user} mocks={[...baseMocks, ...extraMocks]}>
      <ComunicadoForm mode={mode} comunicado={comunicado} />
    </Providers>,
  );
}

const text = (key: string) => i18n.t(key);

async function fillContent() {
  fireEvent.change(screen.getByRole('textbox', { name: /Título/ }), { target: { value: 'Campanha de março' } });
  fireEvent.change(await screen.findByRole('textbox', { name: 'Mensagem' }), { target: { value: '<p>Olá</p>' } });
}

async function chooseUserGroup() {
  const input = screen.getByRole('combobox', { name: 'Grupos de usuários' });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: 'Rede' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Rede Horizonte' }));
}

describe('ComunicadoForm', () => {
  afterEach(() => cleanup());

  it('shows a field error once it is touched, and every error after a submit attempt', async () => {
    renderForm(creator());
    await screen.findByRole('textbox', { name: 'Mensagem' });
    expect(screen.queryByText(text('communications.titleRequired'))).toBeNull();
    fireEvent.blur(screen.getByRole('textbox', { name: /Título/ }));
    expect(await screen.findByText(text('communications.titleRequired'))).toBeTruthy();
    expect(screen.queryByText(text('communications.messageRequired'))).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText(text('communications.messageRequired'))).toBeTruthy();
  });

  it('requires an approver (and an audience) before a creator without the approval key submits', async () => {
    renderForm(creator());
    await fillContent();
    expect(screen.queryByRole('button', { name: 'Enviar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para aprovação' }));
    expect(await screen.findByText(text('communications.approverRequired'))).toBeTruthy();
    expect(screen.getByText(text('communications.audienceRequired'))).toBeTruthy();

    await chooseUserGroup();
    expect(screen.queryByText(text('communications.audienceRequired'))).toBeNull();
    expect(screen.getByText(text('communications.approverRequired'))).toBeTruthy();
  });

  it('offers a holder of the approval key to send, with a schedule at least 1 hour ahead', async () => {
    renderForm(approver());
    await fillContent();
    expect(screen.queryByRole('button', { name: 'Enviar para aprovação' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Agendar envio' }));
    const when = within(screen.getByRole('group', { name: /Data e hora do envio/ }));
    const schedule = async (at: Date) => {
      const [day, time] = toLocalInput(at).split('T');
      await typeDay(/^Data/, day ?? '', when);
      fireEvent.change(when.getByLabelText('Hora (24 h)'), { target: { value: time } });
      fireEvent.blur(when.getByLabelText('Hora (24 h)'));
    };
    await schedule(new Date(Date.now() + 30 * 60_000));
    expect(await screen.findByText(text('communications.scheduleTooSoon'))).toBeTruthy();

    await schedule(new Date(Date.now() + 2 * 3_600_000));
    expect(screen.queryByText(text('communications.scheduleTooSoon'))).toBeNull();
  });

  it('needs an errata justification of at least 15 characters, with the audience fixed to the original', async () => {
    const original = buildComunicado({
      titulo: 'Original',
      status: { __typename: 'StatusComunicado', id: 'ENVIADO', description: 'Enviado' },
      viewerCan: { criarErrata: true },
    });
    renderForm(creator(), 'errata', original);
    expect(screen.queryByRole('combobox', { name: 'Grupos de usuários' })).toBeNull();
    expect(screen.getByText('Rede Horizonte')).toBeTruthy();
    const justification = screen.getByRole('textbox', { name: /Justificativa/ });
    fireEvent.change(justification, { target: { value: 'curta demais' } });
    fireEvent.blur(justification);
    expect(await screen.findByText(text('communications.justificationTooShort'))).toBeTruthy();

    fireEvent.change(justification, { target: { value: 'O prazo correto é dia 15.' } });
    expect(screen.queryByText(text('communications.justificationTooShort'))).toBeNull();
  });

  it("shows the server's per-field error on its field, and clears it when the field changes", async () => {
    const refused: MockedResponse = {
      request: { query: SALVAR_COMUNICADO },
      variableMatcher: () => true,
      result: {
        errors: [
          new GraphQLError('error.badUserInput', {
            extensions: { code: 'BAD_USER_INPUT', fields: { titulo: 'communications.titleTooLong' } },
          }),
        ],
      },
    };
    renderForm(creator(), 'novo', undefined, [refused]);
    await fillContent();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText(text('communications.titleTooLong'))).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Título/ }), { target: { value: 'Outro título' } });
    expect(screen.queryByText(text('communications.titleTooLong'))).toBeNull();
  });
  it('shows why a rejected communication came back at the top of its edit form, and not on a draft', () => {
    const rejected = buildComunicado({
      titulo: 'Campanha',
      status: { __typename: 'StatusComunicado', id: 'REJEITADO', description: 'Rejeitado' },
      motivoRejeicao: 'Falta a data da campanha',
      viewerCan: { editar: true, enviarParaAprovacao: true },
    });
    renderForm(creator(), 'editar', rejected);
    const notice = screen.getByTestId('rejection-reason');
    expect(notice.textContent).toContain(text('communicationsUi.manage.rejectedNotice'));
    expect(notice.textContent).toContain('Falta a data da campanha');
    // At the top: right after the heading, before the first field.
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      notice.compareDocumentPosition(screen.getByRole('textbox', { name: /Título/ })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    cleanup();
    renderForm(creator(), 'editar', buildComunicado({ viewerCan: { editar: true } }));
    expect(screen.queryByTestId('rejection-reason')).toBeNull();
  });
});
