import * as z from 'zod/mini';
import { integer, withDefault } from '../core/schema';
import { sha256Hex } from '../core/sha256';
import type { KeyRecord, UsageCount } from './stores/types';

/** The platform endpoints: signup, key management and usage (not calculations: no result envelope). */
export const PLATFORM_PATHS = [
  '/v1/signup',
  '/v1/keys/create',
  '/v1/keys/list',
  '/v1/keys/revoke',
  '/v1/usage',
] as const;
export type PlatformPath = (typeof PLATFORM_PATHS)[number];

/** Default signups per minute from one client address. */
export const DEFAULT_SIGNUP_RATE_LIMIT = 5;
/** Default most active keys an account may hold. */
export const DEFAULT_MAX_KEYS_PER_ACCOUNT = 10;
/** Characters of a key kept (non-secret) to tell keys apart: `fp_` and 8 more (48 of its 256 bits). */
export const KEY_PREFIX_LENGTH = 11;
/** The account id given to keys configured at start-up (`apiKeys`, `apiKeyHashes`). */
export const OPERATOR_ACCOUNT = 'operator';

const keyName = z
  .string()
  .check(
    z.maxLength(64),
    z.regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'),
    z.describe('A label for the key, up to 64 characters (default empty).'),
  );

export const SignupRequest = z.strictObject({
  email: z
    .email()
    .check(
      z.maxLength(254),
      z.describe('Email of the new account (unique, compared without case); 254 characters at most.'),
    ),
});
export const KeyCreateRequest = z.strictObject({ name: z.optional(keyName) });
export const KeyListRequest = z.strictObject({});
export const KeyRevokeRequest = z.strictObject({
  key_id: z
    .string()
    .check(
      z.maxLength(64),
      z.describe('The key to revoke (`key_id` from /v1/keys/list or /v1/keys/create).'),
    ),
});
export const UsageRequest = z.strictObject({
  days: withDefault(
    integer('How many UTC days to report, today included (1-90, default 7).', { min: 1, max: 90 }),
    7,
  ),
});

const KeyInfo = z.object({
  key_id: z.string().check(z.describe('Public identifier of the key.')),
  prefix: z.string().check(z.describe('The first characters of the key (not secret).')),
  name: z.string(),
  created_at: z.string().check(z.describe('ISO 8601 time of creation.')),
  revoked_at: z.nullable(z.string().check(z.describe('ISO 8601 time of revocation; null while active.'))),
});
const apiKey = z
  .string()
  .check(z.describe('The API key. Shown this once: finplan keeps only its SHA-256 hash and its prefix.'));
export const SignupReply = z.object({
  account_id: z.string(),
  email: z.string(),
  api_key: apiKey,
  key: KeyInfo,
});
export const KeyCreateReply = z.object({ api_key: apiKey, key: KeyInfo });
export const KeyListReply = z.object({ keys: z.array(KeyInfo) });
export const KeyRevokeReply = z.object({ key: KeyInfo });
const UsageDay = z.object({
  day: z.string().check(z.describe('UTC day, YYYY-MM-DD.')),
  total: z.int(),
  operations: z.record(z.string(), z.int()).check(z.describe('Requests per operation path.')),
});
export const UsageReply = z.object({
  account_id: z.string(),
  days: z.array(z.string()).check(z.describe('The days reported, newest first.')),
  total: z.int(),
  rate_limit: z.nullable(
    z
      .object({
        limit_per_minute: z.int(),
        remaining: z.int(),
        reset_seconds: z.int(),
      })
      .check(
        z.describe(
          "The calling key's budget after this request (every key of the account has its own); null when limits are off.",
        ),
      ),
  ),
  keys: z.array(
    z.object({
      key_id: z.string(),
      prefix: z.string(),
      name: z.string(),
      revoked_at: z.nullable(z.string()),
      total: z.int(),
      days: z.array(UsageDay).check(z.describe('Days with at least one request, newest first.')),
    }),
  ),
});

/** Request and reply schemas and summaries of the platform endpoints (for OpenAPI). */
export const PLATFORM_SCHEMAS: Record<
  PlatformPath,
  { request: z.ZodMiniType; reply: z.ZodMiniType; status: 200 | 201; summary: string; description: string }
> = {
  '/v1/signup': {
    request: SignupRequest,
    reply: SignupReply,
    status: 201,
    summary: 'Create an account and its first API key (public).',
    description:
      'No credential. Rate-limited per client address (429 with Retry-After). The key is returned once; ' +
      'finplan stores only its SHA-256 hash and its prefix. 409 email_taken when the email has an account.',
  },
  '/v1/keys/create': {
    request: KeyCreateRequest,
    reply: KeyCreateReply,
    status: 201,
    summary: "Create another API key for the calling key's account.",
    description:
      'The key is returned once. 409 too_many_keys when the account holds the most active keys allowed; ' +
      '403 forbidden for keys configured on the server (they belong to no account).',
  },
  '/v1/keys/list': {
    request: KeyListRequest,
    reply: KeyListReply,
    status: 200,
    summary: "The calling key's account's keys, revoked ones included (never the keys themselves).",
    description: '403 forbidden for keys configured on the server.',
  },
  '/v1/keys/revoke': {
    request: KeyRevokeRequest,
    reply: KeyRevokeReply,
    status: 200,
    summary: 'Revoke one of the account’s keys: refused (401) from its next request, on every instance.',
    description:
      '404 key_not_found when the account has no such key; 403 forbidden for keys configured on the server.',
  },
  '/v1/usage': {
    request: UsageRequest,
    reply: UsageReply,
    status: 200,
    summary: "The calling account's request counts per key, day and operation, and the key's rate budget.",
    description:
      'Every calculation request that passed authentication and took its first rate-limit token is counted ' +
      'against its key. Keys configured on the server share the account "operator".',
  },
};

function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (b) => b.toString(16).padStart(2, '0')).join('');
}

function base64url(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let j = 0; j < chars; j++) out += alphabet[(n >> (18 - 6 * j)) & 63];
  }
  return out;
}

/** A new account id. */
export function newAccountId(): string {
  return `acct_${randomHex(12)}`;
}

/** A new API key (256 random bits) and its record for the store: hash and prefix, never the key. */
export function newKey(accountId: string, name: string, now: Date): { apiKey: string; record: KeyRecord } {
  const apiKey = `fp_${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
  return {
    apiKey,
    record: {
      id: `key_${randomHex(8)}`,
      accountId,
      hash: sha256Hex(apiKey),
      prefix: apiKey.slice(0, KEY_PREFIX_LENGTH),
      name,
      createdAt: now.toISOString(),
    },
  };
}

/** A key as the platform endpoints show it. */
export function keyInfo(key: KeyRecord) {
  return {
    key_id: key.id,
    prefix: key.prefix,
    name: key.name,
    created_at: key.createdAt,
    revoked_at: key.revokedAt ?? null,
  };
}

/** The day {@link utcDay} named last, from its first millisecond: every request of a day asks for it. */
let dayStart = Number.NaN;
let dayText = '';

/** The UTC day (`YYYY-MM-DD`) of a time. */
export function utcDay(time: number): string {
  if (time >= dayStart && time < dayStart + 86_400_000) return dayText;
  dayText = new Date(time).toISOString().slice(0, 10);
  dayStart = time - (((time % 86_400_000) + 86_400_000) % 86_400_000);
  return dayText;
}

/** The last `count` UTC days up to `time`, newest first. */
export function lastDays(time: number, count: number): string[] {
  const days: string[] = [];
  for (let i = 0; i < count; i++) days.push(utcDay(time - i * 86_400_000));
  return days;
}

/** The `/v1/usage` keys list: every key of the account (or seen in the counts), its days and totals. */
export function usageByKey(keys: readonly KeyRecord[], rows: readonly UsageCount[], days: readonly string[]) {
  const byKey = new Map<string, Map<string, Record<string, number>>>();
  for (const row of rows) {
    let perDay = byKey.get(row.keyId);
    if (!perDay) {
      perDay = new Map();
      byKey.set(row.keyId, perDay);
    }
    const ops = perDay.get(row.day) ?? {};
    ops[row.operation] = (ops[row.operation] ?? 0) + row.count;
    perDay.set(row.day, ops);
  }
  const known = new Map(keys.map((key) => [key.id, key]));
  const ids = [...keys.map((key) => key.id), ...[...byKey.keys()].filter((id) => !known.has(id)).sort()];
  return ids.map((id) => {
    const key = known.get(id);
    const perDay = byKey.get(id);
    const dayRows = days
      .filter((day) => perDay?.has(day))
      .map((day) => {
        const operations = perDay!.get(day)!;
        const sorted = Object.fromEntries(Object.entries(operations).sort(([a], [b]) => a.localeCompare(b)));
        return { day, total: Object.values(operations).reduce((a, b) => a + b, 0), operations: sorted };
      });
    return {
      key_id: id,
      prefix: key?.prefix ?? '',
      name: key?.name ?? '',
      revoked_at: key?.revokedAt ?? null,
      total: dayRows.reduce((sum, row) => sum + row.total, 0),
      days: dayRows,
    };
  });
}
