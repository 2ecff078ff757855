import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, 2 passes).
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of one real verification, so that an unknown email answers as slowly as a
 * wrong password and response times do not reveal which accounts exist.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hash('decoy password that never matches');
  await verifyPassword(await decoy, password);
  return false;
}
