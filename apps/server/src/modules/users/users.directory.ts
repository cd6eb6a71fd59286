import type { Idioma } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { SignInUser, UserDirectory } from '../../platform/auth/user-directory.js';
import type { DbOrTx } from '../../platform/db.js';
import { CURRENT_USER_COLUMNS, type CurrentUserRow, loadCurrentUser, toCurrentUser } from './users.queries.js';
import { linkSubject, recordSignIn, setPassword } from './users.service.js';
import { usuario } from './users.tables.js';

const signInColumns = {
  id: usuario.id,
  nome: usuario.nome,
  email: usuario.email,
  idioma: usuario.idioma,
  active: usuario.active,
  senhaHash: usuario.senhaHash,
  keycloakId: usuario.keycloakId,
};

async function findOne(db: DbOrTx, where: ReturnType<typeof eq>): Promise<SignInUser | null> {
  const [row] = await db.select(signInColumns).from(usuario).where(where);
  return row ? { ...row, idioma: row.idioma as Idioma } : null;
}

/** What sign-in may read and do to users (decision 0010); passed to the platform by `src/server.ts`. */
export const userDirectory: UserDirectory = {
  currentUserSql: { select: CURRENT_USER_COLUMNS, from: 'usuario u' },
  toCurrentUser: (row) => toCurrentUser(row as CurrentUserRow | undefined),
  currentUser: loadCurrentUser,
  findById: (db, id) => findOne(db, eq(usuario.id, id)),
  findByEmail: (db, email) => findOne(db, eq(usuario.email, email.trim())),
  findBySubject: (db, subject) => findOne(db, eq(usuario.keycloakId, subject)),
  async lock(tx, id) {
    await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.id, id)).for('update');
  },
  setPassword,
  recordSignIn,
  linkSubject,
};
