import type { ModuleSeed } from '../../platform/module.js';
import { portalProperties } from './portal.tables.js';

/** The demo customer's portal properties (name, theme, labels): written once, never overwritten. */
export const portalSeed: ModuleSeed = {
  async run({ db }) {
    await db
      .insert(portalProperties)
      .values({
        id: 1,
        name: 'Portal Rede Aurora',
        theme: 'blueOcean',
        labelDealer: 'Concessionária',
        labelDealers: 'Concessionárias',
        labelMarca: 'Marca',
        labelMarcas: 'Marcas',
        labelGrupo: 'Grupo',
        labelGrupos: 'Grupos',
        labelNovoGrupo: 'Novo grupo',
        labelNovoDealer: 'Nova concessionária',
        labelTipoUsuarioDealerGrupo: 'Concessionária / Grupo',
        labelTipoUsuarioMontadora: 'Montadora',
        tiposUsuarioDocumentoObrigatorio: ['DEALER_GRUPO'],
        tiposUsuarioInformarCargo: ['DEALER_GRUPO'],
        tiposUsuarioInformarGestao: ['MONTADORA'],
        informarDepartamentoCargo: true,
        linkHelpTec: 'https://ajuda.portal.demo',
        linkAcademia: 'https://academia.portal.demo',
      })
      .onConflictDoNothing();
  },
};
