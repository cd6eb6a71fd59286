-- Users are updated often (last access at every sign-in, versao, inactivation): 30% free space per page lets
-- those updates stay on their page (HOT) without touching the table's indexes (two of them trigram GIN). The
-- inactivity sweep of 49,000 of 100,000 users: 4-5x faster (docs/decisions/0021-user-inactivity-and-invitation.md).
ALTER TABLE "usuario" SET (fillfactor = 70);
