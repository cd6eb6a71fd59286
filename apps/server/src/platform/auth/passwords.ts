import { hash, verify } from '@node-rs/argon2';

/** argon2id parameters (OWASP 2023 minimum: m=19 MiB, t=2, p=1). */
export const hashPassword = (password: string) => hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });

/** Whether `password` matches the stored hash; a malformed hash is a mismatch. */
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);
