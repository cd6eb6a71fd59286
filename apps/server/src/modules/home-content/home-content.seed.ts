import { businessDay } from '@portal/domain';
import type { ModuleSeed } from '../../platform/module.js';
import { userGroupIdsByName } from '../user-groups/user-groups.queries.js';
import { conteudoHome, conteudoHomeGrupo } from './home-content.tables.js';

/**
 * The demo's /home content: one slide for 'Pós-venda' and one ad for 'Rede Horizonte' (the dealer
 * sees both, the manufacturer user the slide), shown for a year from the first seeding. Written only
 * when no slide or ad exists; without an image, which only an upload by a person provides.
 */
export const homeContentSeed: ModuleSeed = {
  after: ['user-groups'],
  async run({ db, clock }) {
    const [any] = await db.select({ id: conteudoHome.id }).from(conteudoHome).limit(1);
    if (any) return;
    const groups = await userGroupIdsByName(db, ['Pós-venda', 'Rede Horizonte']);
    if (!groups['Pós-venda'] || !groups['Rede Horizonte']) return;
    const now = clock.now();
    const window = {
      inicioDate: businessDay(now),
      fimDate: businessDay(new Date(now.getTime() + 365 * 24 * 3600 * 1000)),
    };
    const [slide] = await db
      .insert(conteudoHome)
      .values({
        tipo: 'SLIDE',
        titulo: 'Campanha de revisão',
        corTitulo: '#ffffff',
        tamanhoTitulo: 36,
        subtitulo: 'Materiais novos na biblioteca',
        corSubtitulo: '#f0f0f0',
        tamanhoSubtitulo: 20,
        tituloBotao: 'Ver materiais',
        link: '/biblioteca',
        ...window,
      })
      .returning({ id: conteudoHome.id });
    const [ad] = await db
      .insert(conteudoHome)
      .values({ tipo: 'ANUNCIO', titulo: 'Feirão Horizonte', link: '/comunicados', ...window })
      .returning({ id: conteudoHome.id });
    await db.insert(conteudoHomeGrupo).values([
      { conteudoId: slide.id, grupoUsuariosId: groups['Pós-venda'] },
      { conteudoId: ad.id, grupoUsuariosId: groups['Rede Horizonte'] },
    ]);
  },
};
