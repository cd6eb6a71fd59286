import { customType } from 'drizzle-orm/pg-core';

/** Case-insensitive text (extension citext, created by the first migration). */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });
