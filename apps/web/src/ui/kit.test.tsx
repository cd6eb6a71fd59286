// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '../app/current-user/current-user.documents';
import { SignedInUserContext } from '../app/current-user/signed-in-user';
import { i18n } from '../app/i18n';
import { ActivationButton } from './ActivationButton';
import { Guard } from './Guard';
import { PageHeader } from './PageHeader';
import { QueryState } from './QueryState';
import { ToastProvider } from './toast';
import { ViewDialog } from './ViewDialog';

// notistack loads with the first toast; load it before the clock of findBy starts on a busy machine.
beforeAll(() => import('./ToastHost'));

const user = (tipo: SignedInUser['tipo']['id'], chaves: string[]): SignedInUser => ({
  __typename: 'UsuarioLogado',
  id: 'u1',
  nome: 'Ana',
  email: 'ana@portal.test',
  tipo: { __typename: 'TipoUsuario', id: tipo, description: tipo },
  idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
  avatarLink: null,
  funcionalidades: chaves.map((chave) => ({ __typename: 'Funcionalidade', id: chave, chave })),
});

function renderWith(children: ReactNode, signedIn = user('MONTADORA', ['PORTAL_MANUTENCAO_USUARIOS'])) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <SignedInUserContext value={signedIn}>{children}</SignedInUserContext>
      </ToastProvider>
    </I18nextProvider>,
  );
}

describe('Guard (docs/domains/permissions.md#the-guard-rule)', () => {
  afterEach(() => cleanup());

  it('shows its content to a user with one of the keys and an allowed type', () => {
    renderWith(
      <>
        <Guard keys={['PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_MANUTENCAO_SLIDES']} types={['MONTADORA']}>
          <p>editar</p>
        </Guard>
        <Guard>
          <p>livre</p>
        </Guard>
      </>,
    );
    expect(screen.getByText('editar')).toBeTruthy();
    expect(screen.getByText('livre')).toBeTruthy();
  });

  it('hides it otherwise, showing the fallback when given', () => {
    renderWith(
      <>
        <Guard keys={['PORTAL_MANUTENCAO_SLIDES']}>
          <p>slides</p>
        </Guard>
        <Guard types={['TECSINAPSE']} fallback>
          <p>admin</p>
        </Guard>
        <Guard keys={['PORTAL_MANUTENCAO_USUARIOS']} types={['TECSINAPSE']} fallback={<p>sem acesso</p>}>
          <p>ambos</p>
        </Guard>
      </>,
    );
    expect(screen.queryByText('slides')).toBeNull();
    expect(screen.queryByText('admin')).toBeNull();
    expect(screen.getByText('Você não tem acesso a esta parte da página.')).toBeTruthy();
    expect(screen.getByText('sem acesso')).toBeTruthy();
  });
});

describe('QueryState and PageHeader', () => {
  afterEach(() => cleanup());

  it('shows loading, error, empty and content', () => {
    renderWith(
      <>
        <PageHeader title="Usuários" actions={<button type="button">Novo</button>} />
        <QueryState loading hasData={false}>
          <p>conteúdo</p>
        </QueryState>
        <QueryState loading={false} hasData={false} error="error.forbidden">
          <p>conteúdo</p>
        </QueryState>
        <QueryState loading={false} hasData={false} error={new Error('offline')} errorFallback="Sem dados agora.">
          <p>conteúdo</p>
        </QueryState>
        <QueryState loading={false} hasData empty emptyText="Nada aqui.">
          <p>conteúdo</p>
        </QueryState>
        <QueryState loading hasData>
          <p>dados anteriores</p>
        </QueryState>
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Não é possível realizar a ação.',
      'Sem dados agora.',
    ]);
    expect(screen.getByText('Nada aqui.')).toBeTruthy();
    expect(screen.getByText('dados anteriores')).toBeTruthy();
    expect(screen.queryByText('conteúdo')).toBeNull();
  });
});

describe('ActivationButton (docs/domains/screens-and-forms.md#activate-and-deactivate)', () => {
  afterEach(() => cleanup());

  it('deactivates only after the confirmation, stating the consequence', async () => {
    const onChange = vi.fn(async () => {});
    renderWith(
      <ActivationButton
        active
        name="Grupo Sul"
        onChange={onChange}
        deactivateWarning="Os dealers também serão inativados."
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inativar Grupo Sul?' });
    expect(screen.getByText('Os dealers também serão inativados.')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Inativado com sucesso.')).toBeTruthy();
    expect(onChange).toHaveBeenCalledWith(false);
  });

  it('cancelling changes nothing', async () => {
    const onChange = vi.fn(async () => {});
    renderWith(<ActivationButton active={false} name="Slide" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ativar' }));
    await screen.findByRole('dialog', { name: 'Ativar Slide?' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('ViewDialog', () => {
  // Unmounted before the environment goes: a dialog left open fires its transition's timer into a torn-down window.
  afterEach(() => cleanup());

  it('shows its title and content, and closes with its one button or Esc', () => {
    const onClose = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <ViewDialog title="Usuários do grupo" onClose={onClose}>
          <p>conteúdo</p>
        </ViewDialog>
      </I18nextProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Usuários do grupo' });
    expect(within(dialog).getByText('conteúdo')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
