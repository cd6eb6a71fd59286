import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { ActionContext } from '../../platform/actions.js';
import type { ModuleSeed } from '../../platform/module.js';
import { textArray } from '../../platform/sql.js';
import { pdfWithText } from '../files/files.pdf.js';
import { receiveUpload, recordUpload } from '../files/files.service.js';
import { TEXT_EXTRACT_QUEUE } from '../files/files.text-jobs.js';
import { userGroupIdsByName } from '../user-groups/user-groups.queries.js';
import { currentUserByEmail } from '../users/users.queries.js';
import { createFolder, placeUploads } from './library.service.js';

/** The demo user who builds the demo library: the one who manages it (users.seed.ts). */
const LIBRARIAN = 'montadora@portal.demo';

type DemoFile = { nome: string; bytes: () => Buffer };
type DemoFolder = { nome: string; leitura: string[]; escrita: string[]; arquivos: DemoFile[] };

const csv =
  (...rows: string[][]) =>
  () =>
    Buffer.from(`${rows.map((r) => r.join(';')).join('\r\n')}\r\n`, 'utf8');
const txt =
  (...lines: string[]) =>
  () =>
    Buffer.from(`${lines.join('\n')}\n`, 'utf8');
const pdf =
  (...lines: string[]) =>
  () =>
    pdfWithText(lines.join('\n'));

/**
 * The demo library (docs/domains/library.md#demo-data): four folders at the top, each shared with some of the demo's
 * user groups, so that each demo user sees some and not all: Diego (Rede Horizonte, Pós-venda) sees the price lists,
 * the technical bulletins and the training; Daniela (Rede Litoral) the price lists and the marketing material; Alice
 * (Marketing) the price lists and the marketing material; the library's managers (Ana, Marcos) everything.
 */
export const DEMO_LIBRARY: DemoFolder[] = [
  {
    nome: 'Tabelas de preços',
    leitura: ['Rede Horizonte', 'Rede Litoral'],
    escrita: ['Marketing'],
    arquivos: [
      {
        nome: 'Tabela de preços Aurora 2026.csv',
        bytes: csv(
          ['Modelo', 'Versão', 'Preço público (R$)'],
          ['Aurora Sport', '1.0 Turbo', '98900,00'],
          ['Aurora Sport', '1.3 Turbo AT', '119900,00'],
          ['Aurora Cross', '1.3 Turbo AT', '134500,00'],
        ),
      },
      {
        nome: 'Tabela de preços Boreal 2026.csv',
        bytes: csv(
          ['Modelo', 'Versão', 'Preço público (R$)'],
          ['Boreal Urbano', '1.0', '79900,00'],
          ['Boreal Urbano', '1.0 Turbo AT', '94900,00'],
        ),
      },
      {
        nome: 'Condições comerciais.pdf',
        bytes: pdf(
          'Condições comerciais da rede - 2026',
          'Prazo de faturamento: 30 dias.',
          'Bônus de volume por trimestre conforme a tabela vigente.',
        ),
      },
    ],
  },
  {
    nome: 'Material de marketing',
    leitura: ['Rede Litoral'],
    escrita: ['Marketing'],
    arquivos: [
      {
        nome: 'Campanha de lançamento Cometa.pdf',
        bytes: pdf(
          'Campanha de lançamento Cometa',
          'Período: março a maio.',
          'Peças: vitrine, redes sociais e test drive.',
        ),
      },
      {
        nome: 'Textos para redes sociais.txt',
        bytes: txt(
          'Cometa chegou: venha fazer seu test drive.',
          'Aurora Cross: espaço e tecnologia para a família.',
          'Revisão programada com preço fixo em toda a rede.',
        ),
      },
    ],
  },
  {
    nome: 'Boletins técnicos',
    leitura: ['Pós-venda'],
    escrita: [],
    arquivos: [
      {
        nome: 'Boletim técnico 001 Revisão de freios.pdf',
        bytes: pdf(
          'Boletim técnico 001 - Revisão de freios',
          'Aplicação: Aurora Sport 2025 e 2026.',
          'Substituir as pastilhas dianteiras a cada 30.000 km.',
        ),
      },
      {
        nome: 'Boletim técnico 002 Atualização de software.pdf',
        bytes: pdf(
          'Boletim técnico 002 - Atualização de software',
          'Aplicação: Boreal Urbano 1.0 Turbo AT.',
          'Atualizar a central multimídia para a versão 4.2.',
        ),
      },
      {
        nome: 'Intervalos de revisão.csv',
        bytes: csv(['Revisão', 'Quilometragem', 'Meses'], ['1ª', '10000', '12'], ['2ª', '20000', '24']),
      },
    ],
  },
  {
    nome: 'Treinamentos',
    leitura: ['Rede Horizonte', 'Pós-venda'],
    escrita: [],
    arquivos: [
      {
        nome: 'Programa de treinamento 2026.pdf',
        bytes: pdf('Programa de treinamento 2026', 'Vendas consultivas: março.', 'Atendimento de pós-venda: junho.'),
      },
      {
        nome: 'Roteiro de atendimento.txt',
        bytes: txt(
          '1. Receber o cliente e entender a necessidade.',
          '2. Apresentar o veículo e oferecer o test drive.',
          '3. Registrar a negociação no CRM.',
        ),
      },
    ],
  },
];

/** Names of the demo folders already at the top of the library, live or in the bin (a deleted one is not put back). */
async function foldersPresent(ctx: ActionContext): Promise<Set<string>> {
  const rows = await ctx.db.execute(sql`SELECT nome FROM item_biblioteca
    WHERE pasta_pai_id IS NULL AND pasta AND nome = ANY(${textArray(DEMO_LIBRARY.map((f) => f.nome))})`);
  return new Set((rows.rows as { nome: string }[]).map((r) => r.nome));
}

/**
 * The demo library, built as its manager builds one (docs/domains/library.md#demo-data): each missing folder through
 * `createFolder`, its files stored as an upload stores them (`receiveUpload`, `recordUpload`) and placed by
 * `placeUploads`, so download, preview and search (names and text) work as for any file. A folder already at the top
 * by name (live or in the bin) is left as it is, with whatever it holds now.
 */
export const librarySeed: ModuleSeed = {
  after: ['users', 'user-groups'],
  // Placing a PDF, CSV or text file asks for its text (files.text-jobs.ts).
  queues: [TEXT_EXTRACT_QUEUE],
  async run(ctx) {
    if (!ctx.config.demoLibrary) return;
    const present = await foldersPresent(ctx);
    const missing = DEMO_LIBRARY.filter((f) => !present.has(f.nome));
    if (!missing.length) return;
    const librarian = await currentUserByEmail(ctx.db, LIBRARIAN);
    if (!librarian) return;
    const as: ActionContext = { ...ctx, actor: librarian };
    const groups = await userGroupIdsByName(ctx.db, [...new Set(missing.flatMap((f) => [...f.leitura, ...f.escrita]))]);
    // Groups renamed since (not found by name) are left out; a folder left with none is not created (the root needs one).
    const ids = (names: string[]) => names.map((g) => groups[g]).filter(Boolean);
    const arquivos = [];
    for (const folder of missing) {
      if (!ids([...folder.leitura, ...folder.escrita]).length) continue;
      const idPastaPai = await createFolder(as, {
        nome: folder.nome,
        idPai: null,
        idsGrupoAcesso: ids(folder.leitura),
        tiposAcesso: ids(folder.escrita).map((idGrupoAcesso) => ({
          idGrupoAcesso,
          permissao: 'LEITURA_ESCRITA' as const,
        })),
      });
      for (const file of folder.arquivos) {
        const received = await receiveUpload(ctx.storage, Readable.from([file.bytes()]), {
          name: file.nome,
          maxBytes: ctx.config.uploadMaxBytes,
        });
        const row = await recordUpload(as, { ...received, nome: file.nome, fileType: 'LIBRARY' });
        arquivos.push({ idArquivo: row.id, idPastaPai });
      }
    }
    if (arquivos.length) await placeUploads(as, { arquivos });
  },
};
