// @vitest-environment jsdom
import { ApolloError } from '@apollo/client';
import { maskedString } from '@portal/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../app/i18n';
import { FormDialog } from './FormDialog';
import { DateInput, EmailInput, MaskedInput, SelectInput, TextInput } from './fields';
import { MaskedMultiInput } from './MaskedMultiInput';
import { MultiSelectInput } from './MultiSelectInput';
import { typeDay } from './type-day.testing';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  nome: z.string().trim().min(1, 'validation.required'),
  email: z.email('validation.email'),
  cpf: maskedString('cpf'),
  telefones: z.array(z.string()),
  tipo: z.string().min(1, 'validation.required'),
  grupos: z.array(z.string()),
  admissao: z.string(),
});
const GROUPS = [
  { value: 'g1', label: 'Vendas' },
  { value: 'g2', label: 'Pós-venda' },
];

function PersonDialog({ save }: { save: (data: z.output<typeof schema>) => Promise<unknown> }) {
  const form = useZodForm(schema, {
    nome: '',
    email: '',
    cpf: '',
    telefones: [] as string[],
    tipo: '',
    grupos: [] as string[],
    admissao: '',
  });
  const submit = form.onSubmit(async (data) => {
    try {
      await save(data);
    } catch (error) {
      form.showServerErrors(error);
    }
  });
  return (
    <FormDialog title="Pessoa" submitLabel="Salvar" busy={false} onClose={() => {}} onSubmit={submit}>
      <TextInput label="Nome" {...form.bind('nome')} />
      <EmailInput label="E-mail" {...form.bind('email')} />
      <MaskedInput label="CPF" kind="cpf" {...form.bind('cpf')} />
      <MaskedMultiInput label="Telefones" kind="phone" {...form.bind('telefones')} />
      <SelectInput label="Tipo" options={[{ value: 'MONTADORA', label: 'Montadora' }]} {...form.bind('tipo')} />
      <MultiSelectInput label="Grupos" options={GROUPS} {...form.bind('grupos')} />
      <DateInput label="Admissão" {...form.bind('admissao')} />
    </FormDialog>
  );
}

function renderDialog(save = vi.fn(async () => {})) {
  render(
    <I18nextProvider i18n={i18n}>
      <PersonDialog save={save} />
    </I18nextProvider>,
  );
  return save;
}

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const helperOf = (label: string) => document.getElementById(`${input(label).id}-helper-text`)?.textContent;

describe('form kit bound to a zod schema', () => {
  afterEach(() => cleanup());

  it('shows errors after a submit attempt and submits only valid values', async () => {
    const save = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(helperOf('Nome')).toBe('Campo obrigatório.');
    expect(helperOf('E-mail')).toBe('Informe um e-mail válido.');
    expect(save).not.toHaveBeenCalled();

    type('Nome', 'Ana');
    type('E-mail', 'Ana.Souza@Portal.TEST');
    fireEvent.blur(input('E-mail'));
    expect(input('E-mail').value).toBe('ana.souza@portal.test');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Montadora' }));
    await typeDay('Admissão', '2026-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        expect.objectContaining({
          nome: 'Ana',
          email: 'ana.souza@portal.test',
          tipo: 'MONTADORA',
          admissao: '2026-03-01',
        }),
      ),
    );
  });

  it("masks CPF while typed: 'Formato inválido' while incomplete, 'Valor inválido' when wrong", () => {
    renderDialog();
    type('CPF', '5299822');
    expect(input('CPF').value).toBe('529.982.2');
    fireEvent.blur(input('CPF'));
    expect(helperOf('CPF')).toBe('Formato inválido');
    type('CPF', '52998224726');
    expect(helperOf('CPF')).toBe('Valor inválido.');
    type('CPF', '52998224725');
    expect(input('CPF').value).toBe('529.982.247-25');
    expect(helperOf('CPF')).toBeFalsy();
  });

  it('takes several masked values as chips, refusing incomplete or wrong ones', () => {
    renderDialog();
    // Letters only: no digits to format, refused rather than an empty chip.
    type('Telefones', 'abc');
    fireEvent.keyDown(input('Telefones'), { key: 'Enter' });
    expect(screen.getByText('Formato inválido')).toBeTruthy();
    expect(document.querySelectorAll('.MuiChip-root')).toHaveLength(0);
    type('Telefones', '1133');
    fireEvent.keyDown(input('Telefones'), { key: 'Enter' });
    expect(screen.getByText('Formato inválido')).toBeTruthy();
    type('Telefones', '11 3333 4444');
    fireEvent.keyDown(input('Telefones'), { key: 'Enter' });
    expect(screen.getByText('(11) 3333-4444')).toBeTruthy();
  });

  it('searches the options of a multi-select', async () => {
    renderDialog();
    const box = screen.getByRole('combobox', { name: 'Grupos' });
    fireEvent.mouseDown(box);
    box.focus();
    fireEvent.change(box, { target: { value: 'pós' } });
    expect(screen.queryByRole('option', { name: 'Vendas' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Pós-venda' }));
    expect(screen.getByRole('button', { name: 'Pós-venda' })).toBeTruthy();
  });

  it("shows the server's per-field errors on their field until it changes", async () => {
    const save = vi.fn(async () => {
      throw new ApolloError({
        graphQLErrors: [
          new GraphQLError('Verifique os campos destacados.', {
            extensions: { code: 'BAD_USER_INPUT', fields: { email: 'error.conflict', outro: 'validation.invalid' } },
          }),
        ],
      });
    });
    renderDialog(save);
    type('Nome', 'Ana');
    type('E-mail', 'ana@portal.test');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Montadora' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(helperOf('E-mail')).toContain('O registro foi alterado'));
    type('E-mail', 'ana2@portal.test');
    expect(helperOf('E-mail')).toBeFalsy();
  });
});
