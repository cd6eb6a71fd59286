import { portalLabelParams } from '@portal/domain';
import { t } from '@portal/i18n';
import { describe, expect, it } from 'vitest';
import { columnOfField, describeRowErrors } from './user-import.report.js';

describe('columnOfField', () => {
  it.each([
    ['usuario.cpf', 'cpf'],
    ['usuario.email', 'email'],
    ['usuario.idsDealers', 'dealers'],
    ['usuario.idsGrupos', 'grupos'],
    ['usuario.idsGruposUsuarios', 'gruposUsuarios'],
    ['usuario.marcas', 'marcas'],
    ['usuario.produtos', 'produtos'],
    ['usuario.produtos.0.idsTiposAcesso', 'produtos'],
    ['cargos.0.cargoId', 'cargos'],
    ['cargos', 'cargos'],
    ['infos.dataAdmissao', 'dataAdmissao'],
    ['infos.emailSuperior', 'emailSuperior'],
    ['dealers', 'dealers'],
    ['gruposUsuarios', 'gruposUsuarios'],
    ['tipo', 'tipo'],
  ])('%s is the column %s', (field, column) => {
    expect(columnOfField(field)).toBe(column);
  });

  it.each(['usuario', 'infos', 'usuario.codigos.1', 'usuario.telefones', 'x', ''])('%s is no column', (field) => {
    expect(columnOfField(field)).toBeNull();
  });
});

describe('describeRowErrors', () => {
  it('writes "<column header>: <message>" joined by "; ", in the language asked', () => {
    const errors = [
      { field: 'usuario.email', message: 'validation.email' },
      { field: 'usuario.cpf', message: 'users.cpfTaken' },
    ];
    expect(describeRowErrors('pt-BR', errors)).toBe(
      `E-mail: ${t('pt-BR', 'validation.email')}; CPF: ${t('pt-BR', 'users.cpfTaken')}`,
    );
    expect(describeRowErrors('es', errors)).toBe(
      `Correo electrónico: ${t('es', 'validation.email')}; CPF: ${t('es', 'users.cpfTaken')}`,
    );
    expect(describeRowErrors('en', errors)).toBe(
      `E-mail: ${t('en', 'validation.email')}; CPF: ${t('en', 'users.cpfTaken')}`,
    );
  });

  it("names the columns with the customer's labels and interpolates the message's params", () => {
    const labels = portalLabelParams({ labelDealers: 'Lojas', labelGrupos: 'Redes' }, (key) => key);
    const text = describeRowErrors(
      'pt-BR',
      [
        { field: 'usuario.idsDealers', message: 'validation.invalid' },
        { field: 'grupos', message: 'userImport.file.TOO_MANY_ROWS', params: { max: 7 } },
      ],
      labels,
    );
    expect(text).toBe(
      `Lojas (códigos): ${t('pt-BR', 'validation.invalid')}; Redes: ${t('pt-BR', 'userImport.file.TOO_MANY_ROWS', { max: 7 })}`,
    );
    // Without labels: the catalogue's own words.
    expect(describeRowErrors('en', [{ field: 'dealers', message: 'validation.invalid' }])).toBe(
      `${t('en', 'userImport.column.dealers', { labelDealers: t('en', 'portalLabel.labelDealers') })}: ${t('en', 'validation.invalid')}`,
    );
  });

  it('writes the message alone for a field that is no column, and the same text once', () => {
    expect(
      describeRowErrors('pt-BR', [
        { field: 'usuario', message: 'error.forbidden' },
        { field: 'cargos.0.cargoId', message: 'users.positionNotAllowed' },
        { field: 'cargos.1.cargoId', message: 'users.positionNotAllowed' },
      ]),
    ).toBe(`${t('pt-BR', 'error.forbidden')}; Cargos: ${t('pt-BR', 'users.positionNotAllowed')}`);
    expect(describeRowErrors('pt-BR', [])).toBe('');
  });
});
