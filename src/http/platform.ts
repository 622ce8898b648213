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
/** Default most keys an account may create in one UTC day. */
export const DEFAULT_MAX_KEYS_CREATED_PER_DAY = 100;
/** Most items in one page of `/v1/keys/list` and `/v1/usage` (also the default). */
export const MAX_PAGE_LIMIT = 100;
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
const pageFields = {
  limit: withDefault(
    integer(`Most keys in this page (1-${MAX_PAGE_LIMIT}, default ${MAX_PAGE_LIMIT}).`, {
      min: 1,
      max: MAX_PAGE_LIMIT,
    }),
    MAX_PAGE_LIMIT,
  ),
  cursor: z.optional(
    z
      .string()
      .check(
        z.maxLength(400),
        z.regex(/^[A-Za-z0-9_-]+$/, 'must be the next_cursor of an earlier reply'),
        z.describe('The `next_cursor` of the previous page; omitted for the first page.'),
      ),
  ),
};
export const KeyListRequest = z.strictObject({ ...pageFields });
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
  ...pageFields,
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
const nextCursor = z.nullable(
  z.string().check(z.describe('Send it as `cursor` for the next page; null on the last page.')),
);
export const KeyListReply = z.object({ keys: z.array(KeyInfo), next_cursor: nextCursor });
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
  next_cursor: nextCursor,
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
      'finplan stores only its SHA-256 hash and its prefix. 409 email_taken when the email has an account ' +
      'that has used a key; until then a signup with the same email (a retry after a lost reply or a 503) ' +
      'answers 201 with a new key for that account, and the earlier key is deleted.',
  },
  '/v1/keys/create': {
    request: KeyCreateRequest,
    reply: KeyCreateReply,
    status: 201,
    summary: "Create another API key for the calling key's account.",
    description:
      'The key is returned once. Send an `Idempotency-Key` header (1-255 visible ASCII characters) to make ' +
      'a retry safe: a retry with the same header within 24 hours replaces the key the earlier attempt made ' +
      '(if its reply was lost) instead of adding another; 409 idempotency_key_used once that key was used. ' +
      '409 too_many_keys when the account holds the most active keys allowed; 429 when it created its keys ' +
      'of the day (100 by default); 403 forbidden for keys configured on the server (they belong to no account).',
  },
  '/v1/keys/list': {
    request: KeyListRequest,
    reply: KeyListReply,
    status: 200,
    summary: "The calling key's account's keys, revoked ones included (never the keys themselves).",
    description:
      'Oldest first, in pages of `limit` keys (default and most 100): send `next_cursor` as `cursor` for the ' +
      'next page. An account keeps its 100 most recently revoked keys. 403 forbidden for keys configured on ' +
      'the server.',
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
      'against its key. Keys configured on the server share the account "operator". `keys` comes in pages ' +
      'of `limit` keys (default and most 100) in the order of /v1/keys/list (then key ids no longer listed); ' +
      '`total` counts every key of the account on every page.',
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

/** Seconds from `time` to the next UTC midnight (at least 1). */
export function secondsToNextUtcDay(time: number): number {
  return Math.max(1, Math.ceil((86_400_000 - (((time % 86_400_000) + 86_400_000) % 86_400_000)) / 1000));
}

const HEX = new TextEncoder();

/**
 * A key's place in listing order as a cursor: the hex of its UTF-8 sort key (known keys by creation time
 * then id; ids seen only in usage counts after them, by id). Hex keeps the bytes' order, so cursors
 * compare as their keys do and a page starts after its cursor even when that key is gone since.
 */
function cursorOf(sortKey: string): string {
  return Array.from(HEX.encode(sortKey), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One page of an account's keys (`limit` items after `cursor`), in listing order: the known `keys`
 * first (oldest first), then `others` (key ids seen only in usage counts, by id); `nextCursor` is null
 * on the last page.
 */
export function page(
  keys: readonly KeyRecord[],
  others: readonly string[],
  limit: number,
  cursor: string | undefined,
): { keys: KeyRecord[]; others: string[]; nextCursor: string | null } {
  const known = new Set(keys.map((key) => key.id));
  const items = [
    ...keys.map((key) => ({ key, id: key.id, cursor: cursorOf(`0\u0000${key.createdAt}\u0000${key.id}`) })),
    ...others
      .filter((id) => !known.has(id))
      .map((id) => ({ key: undefined, id, cursor: cursorOf(`1\u0000\u0000${id}`) })),
  ].sort((a, b) => (a.cursor < b.cursor ? -1 : a.cursor > b.cursor ? 1 : 0));
  const after = cursor === undefined ? items : items.filter((item) => item.cursor > cursor);
  const shown = after.slice(0, limit);
  return {
    keys: shown.flatMap((item) => (item.key ? [item.key] : [])),
    others: shown.flatMap((item) => (item.key ? [] : [item.id])),
    nextCursor: after.length > limit ? shown[shown.length - 1]!.cursor : null,
  };
}

/**
 * The `/v1/usage` keys list: every key of `keys`, then the ids of `others` (default: every key id seen in
 * the counts and not in `keys`, by id), each with its days and totals.
 */
export function usageByKey(
  keys: readonly KeyRecord[],
  rows: readonly UsageCount[],
  days: readonly string[],
  others?: readonly string[],
) {
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
  const ids = [
    ...keys.map((key) => key.id),
    ...(others ?? [...byKey.keys()].filter((id) => !known.has(id)).sort()),
  ];
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
