/**
 * Staff PIN hashing (docs/behaviour.md#staff-sessions), never the plain PIN stored: Argon2id through node:crypto with
 * OWASP's parameters (19 MiB, 2 passes, 1 lane), run off the event loop. Hashes of the former scheme (scrypt with
 * Node's defaults, N=2^14) still verify; every content import writes a new Argon2id hash. Each hash takes 19 MiB and
 * a thread of libuv's pool (which file reads share), so a process runs only a few at once (`boundedPinChecker`).
 */
import { argon2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const KEY_LENGTH = 32;
/** OWASP password storage cheat sheet, Argon2id minimum: m=19 MiB, t=2, p=1. */
interface Argon2Parameters {
  memory: number;
  passes: number;
  parallelism: number;
}
const ARGON2_PARAMETERS: Argon2Parameters = { memory: 19_456, passes: 2, parallelism: 1 };

const argon2Async = promisify(argon2);
const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

function argon2id(pin: string, salt: Buffer, parameters: Argon2Parameters, tagLength: number) {
  return argon2Async('argon2id', { message: pin, nonce: salt, tagLength, ...parameters });
}

/** `argon2id$m=19456,t=2,p=1$<salt>$<hash>` (base64). */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await argon2id(pin, salt, ARGON2_PARAMETERS, KEY_LENGTH);
  const { memory, passes, parallelism } = ARGON2_PARAMETERS;
  return `argon2id$m=${memory},t=${passes},p=${parallelism}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** How a hash of today's scheme and parameters begins. */
export const CURRENT_PIN_HASH_PREFIX = `argon2id$m=${ARGON2_PARAMETERS.memory},t=${ARGON2_PARAMETERS.passes},p=${ARGON2_PARAMETERS.parallelism}$`;

/** Whether a stored hash is of today's scheme and parameters (an older one is replaced at the next import). */
export function isCurrentPinHash(stored: string): boolean {
  return stored.startsWith(CURRENT_PIN_HASH_PREFIX);
}

function argon2Parameters(text: string): Argon2Parameters | null {
  const match = /^m=(\d+),t=(\d+),p=(\d+)$/.exec(text);
  if (!match) return null;
  return { memory: Number(match[1]), passes: Number(match[2]), parallelism: Number(match[3]) };
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  let expected: Buffer;
  let actual: Buffer;
  if (parts[0] === 'argon2id' && parts.length === 4) {
    const parameters = argon2Parameters(parts[1] ?? '');
    if (!parameters) return false;
    expected = Buffer.from(parts[3] ?? '', 'base64');
    actual = await argon2id(pin, Buffer.from(parts[2] ?? '', 'base64'), parameters, expected.length);
  } else if (parts[0] === 'scrypt' && parts.length === 3) {
    expected = Buffer.from(parts[2] ?? '', 'base64');
    actual = await scryptAsync(pin, Buffer.from(parts[1] ?? '', 'base64'), expected.length);
  } else return false;
  return expected.length > 0 && expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Checks a PIN against its stored hash: the result, or null at once (nothing run) when the checker is busy. */
export type PinChecker = (pin: string, stored: string) => Promise<boolean> | null;

/**
 * At most `maxRunning` PIN checks at once, `maxWaiting` more queued, past that null: a flood of attempts from many
 * addresses neither takes the memory of hundreds of Argon2 hashes nor the whole thread pool the static files and
 * the database driver need. `check` is the hash itself (tests hold it).
 */
export function boundedPinChecker(
  maxRunning: number,
  maxWaiting: number,
  check: (pin: string, stored: string) => Promise<boolean> = verifyPin,
): PinChecker {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function run(pin: string, stored: string): Promise<boolean> {
    if (running >= maxRunning) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await check(pin, stored);
    } finally {
      // The place goes to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }
  return (pin, stored) => (running >= maxRunning && waiting.length >= maxWaiting ? null : run(pin, stored));
}

/** PIN hashes a process runs at once: libuv's pool has four threads, which file reads and DNS need too. */
export const PIN_CHECKS_RUNNING = 2;
/** PIN checks a process keeps waiting; more are answered busy at once. */
export const PIN_CHECKS_WAITING = 100;
