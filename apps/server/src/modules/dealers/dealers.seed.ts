import { cnpjWithCheckDigits, type Uf } from '@portal/domain';
import type { ModuleSeed } from '../../platform/module.js';
import { dealerGroupIdsByName } from '../groups/groups.queries.js';
import { brandIdsByName, dealerIdsByCode } from './dealers.queries.js';
import { createDealer, salvarMarca } from './dealers.service.js';

const BRANDS = ['Aurora', 'Boreal', 'Cometa'] as const;

const DEALERS: {
  codigo: string;
  nome: string;
  exibicao: string;
  grupo: string;
  cidade: string;
  uf: Uf;
  marcas: number[];
}[] = [
  {
    codigo: 'D001',
    nome: 'Horizonte Veículos Centro Ltda',
    exibicao: 'Horizonte Centro',
    grupo: 'Grupo Horizonte',
    cidade: 'São Paulo',
    uf: 'SP',
    marcas: [0, 1],
  },
  {
    codigo: 'D002',
    nome: 'Horizonte Veículos Norte Ltda',
    exibicao: 'Horizonte Norte',
    grupo: 'Grupo Horizonte',
    cidade: 'Guarulhos',
    uf: 'SP',
    marcas: [0],
  },
  {
    codigo: 'D003',
    nome: 'Horizonte Veículos Campinas Ltda',
    exibicao: 'Horizonte Campinas',
    grupo: 'Grupo Horizonte',
    cidade: 'Campinas',
    uf: 'SP',
    marcas: [2],
  },
  {
    codigo: 'D004',
    nome: 'Litoral Automóveis Santos Ltda',
    exibicao: 'Litoral Santos',
    grupo: 'Grupo Litoral',
    cidade: 'Santos',
    uf: 'SP',
    marcas: [0, 2],
  },
  {
    codigo: 'D005',
    nome: 'Litoral Automóveis Rio Ltda',
    exibicao: 'Litoral Rio',
    grupo: 'Grupo Litoral',
    cidade: 'Rio de Janeiro',
    uf: 'RJ',
    marcas: [1],
  },
  {
    codigo: 'D006',
    nome: 'Litoral Automóveis Vitória Ltda',
    exibicao: 'Litoral Vitória',
    grupo: 'Grupo Litoral',
    cidade: 'Vitória',
    uf: 'ES',
    marcas: [1, 2],
  },
];

/**
 * The demo's brands (Aurora, Boreal, Cometa, through `salvarMarca` when missing) and six dealers
 * with valid CNPJs in the two dealer groups, created through `createDealer` when their code is missing.
 */
export const dealersSeed: ModuleSeed = {
  after: ['groups'],
  async run(ctx) {
    const seeded = await brandIdsByName(ctx.db, BRANDS);
    for (const descricao of BRANDS) if (!seeded[descricao]) await salvarMarca(ctx, { marca: { descricao } });
    const brands = await brandIdsByName(ctx.db, BRANDS);
    const groups = await dealerGroupIdsByName(ctx.db, [...new Set(DEALERS.map((d) => d.grupo))]);
    const existing = await dealerIdsByCode(
      ctx.db,
      DEALERS.map((d) => d.codigo),
    );
    for (const [i, d] of DEALERS.entries()) {
      if (existing[d.codigo]) continue;
      await createDealer(ctx, {
        nome: d.nome,
        nomeExibicao: d.exibicao,
        cnpj: cnpjWithCheckDigits(`${String(11222333 + i * 1111).padStart(8, '0')}0001`),
        codigoPrincipal: d.codigo,
        grupoId: groups[d.grupo],
        marcaIds: d.marcas.map((m) => brands[BRANDS[m]]),
        logradouro: `Avenida Principal, ${100 + i}`,
        bairro: 'Centro',
        cidade: d.cidade,
        uf: d.uf,
        cep: `0100${i}-000`,
        contatos: [{ nome: 'Recepção', email: `contato${i + 1}@dealer.demo`, telefone: `(11) 4000-000${i}` }],
      });
    }
  },
};
