// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clonedPermissions } from './PermissionsStep';
import {
  buildLoaded,
  buildOptions,
  C1,
  D1,
  DEP1,
  F_BIB,
  F_COM,
  F_USU,
  M1,
  M2,
  PORTAL,
  PRODUTOS,
  TA_ADMIN,
  TA_GESTOR,
  U1,
} from './user-form-fixtures';
import { fieldOf, initialValues, rowKey, rulesOf, toInput, type Values } from './user-form-values';

describe('initialValues (SPEC §3 defaults in the user form)', () => {
  it.each([
    ['one type offered: chosen', buildOptions({ tipos: ['MONTADORA'] }), 'MONTADORA'],
    ['several types: none chosen', buildOptions(), ''],
  ])('%s', (_, options, tipo) => {
    expect(initialValues(options, undefined).tipo).toBe(tipo);
  });

  it('a new user, and a loaded user with no brands, get every brand; a loaded user keeps theirs', () => {
    const options = buildOptions();
    expect(initialValues(options, undefined).marcas).toEqual([M1, M2]);
    expect(initialValues(options, buildLoaded({ marcas: [] })).marcas).toEqual([M1, M2]);
    expect(initialValues(options, buildLoaded()).marcas).toEqual([M1]);
  });

  it('a loaded user: masked CPF and phones, permissions per product, positions with their names', () => {
    const values = initialValues(buildOptions(), buildLoaded());
    expect(values.cpf).toBe('529.982.247-25');
    expect(values.telefones).toEqual(['(11) 3333-4444']);
    expect(values.produtos).toEqual({ [PORTAL]: { idsTiposAcesso: [TA_GESTOR], idsFuncionalidades: [] } });
    expect(values.cargos).toMatchObject([
      { cargoId: C1, dealerId: D1, departamentoId: DEP1, cargoNome: 'Gerente de vendas' },
    ]);
    expect(values.idsGruposUsuarios).toEqual([]);
  });
});

describe('toInput (SPEC §5 on submit)', () => {
  const rules = rulesOf(buildOptions());
  const base = (over: Partial<Values>): Values => ({ ...initialValues(buildOptions(), undefined), ...over });

  it('management data only for the gestão types; empty CPF is null', () => {
    expect(toInput(base({ tipo: 'DEALER_GRUPO', dataAdmissao: '2026-01-01' }), rules).infos).toBeNull();
    expect(toInput(base({ tipo: 'MONTADORA', dataAdmissao: '2026-01-01' }), rules).infos).toEqual({
      dataAdmissao: '2026-01-01',
      emailSuperior: null,
      dataDesligamento: null,
      desligamentoId: null,
    });
    expect(toInput(base({ cpf: '  ' }), rules).usuario.cpf).toBeNull();
  });

  it('a position sends dealerId and departamentoId only when set; a new user sends no id nor user groups', () => {
    const row = {
      key: rowKey(),
      cargoId: C1,
      cargoNome: 'Gerente',
      dealerId: null,
      dealerNome: null,
      departamentoId: null,
      departamentoNome: null,
      dataInicio: '2026-02-01',
    };
    const input = toInput(
      base({ tipo: 'DEALER_GRUPO', cargos: [row, { ...row, dealerId: D1, departamentoId: DEP1 }] }),
      rules,
    );
    expect(input.cargos).toEqual([
      { cargoId: C1, dataInicio: '2026-02-01' },
      { cargoId: C1, dataInicio: '2026-02-01', dealerId: D1, departamentoId: DEP1 },
    ]);
    expect(input.usuario).not.toHaveProperty('id');
    expect(input.usuario).not.toHaveProperty('idsGruposUsuarios');
    expect(toInput(initialValues(buildOptions(), buildLoaded()), rules).usuario).toMatchObject({
      id: U1,
      idsGruposUsuarios: [],
    });
  });
});

describe('fieldOf (schema and server paths to the form fields)', () => {
  it.each([
    [['usuario', 'cpf'], 'cpf'],
    [['usuario', 'produtos', 1, 'idProduto'], 'produtos'],
    [['infos', 'dataAdmissao'], 'dataAdmissao'],
    [['cargos', 0, 'dealerId'], 'cargos'],
    [['cargos'], 'cargos'],
  ])('%j → %s', (path, field) => {
    expect(fieldOf(path)).toBe(field);
  });
});

describe('clonedPermissions (the clone keeps what the administrator may not grant)', () => {
  const portal = PRODUTOS[0];
  const source = {
    __typename: 'Usuario' as const,
    id: 'x',
    nome: 'Carla',
    tiposAcesso: [
      { __typename: 'TipoAcesso' as const, id: TA_GESTOR, produto: { __typename: 'Produto' as const, id: PORTAL } },
    ],
    funcionalidades: [
      { __typename: 'Funcionalidade' as const, id: F_BIB, produto: { __typename: 'Produto' as const, id: PORTAL } },
      { __typename: 'Funcionalidade' as const, id: F_USU, produto: { __typename: 'Produto' as const, id: PORTAL } },
    ],
  };
  it('grantable ones become the source user’s, locked ones stay as they were', () => {
    expect(clonedPermissions(portal, { idsTiposAcesso: [TA_ADMIN], idsFuncionalidades: [F_COM] }, source)).toEqual({
      idsTiposAcesso: [TA_ADMIN, TA_GESTOR],
      idsFuncionalidades: [F_BIB],
    });
  });
});
