import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm.Argon2id;

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

// Verifying against this when the email is unknown keeps the timing of a miss like that of a hit.
let decoyHash: Promise<string> | undefined;

/** Whether the password matches; with no stored hash it still pays the hashing cost and says no. */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
