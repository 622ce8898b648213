/**
 * The platform routes: `POST /v1/signup` (public, rate-limited per client address) and, for an
 * authenticated key, `/v1/keys/create`, `/v1/keys/list`, `/v1/keys/revoke` and `/v1/usage`.
 * @module
 */
import * as z from 'zod/mini';
import { isCalculationError } from '../core/errors';
import { toCalculationError } from '../core/operation';
import { INVALID, idempotencyToken } from './api-keys';
import type { Identity } from './auth';
import { readJson } from './body';
import type { Meter } from './limit';
import {
  DEFAULT_MAX_KEYS_CREATED_PER_DAY,
  DEFAULT_MAX_KEYS_PER_ACCOUNT,
  DEFAULT_SIGNUP_RATE_LIMIT,
  KeyCreateRequest,
  KeyListRequest as KeyListRequestSchema,
  KeyRevokeRequest,
  keyInfo,
  lastDays,
  newAccountId,
  newKey,
  OPERATOR_ACCOUNT,
  PLATFORM_PATHS,
  type PlatformPath,
  page,
  SignupRequest,
  secondsToNextUtcDay,
  UsageRequest,
  usageByKey,
  utcDay,
} from './platform';
import { forwardedClient, type RequestParts } from './request';
import { clip, errorReply, jsonReply, type Reply, storeUnavailable } from './responses';
import type { KeyStore, RateLimitStore, UsageStore } from './stores/types';
import type { RateDecision } from './token-bucket';

const NO_STORE = { 'cache-control': 'no-store' };

/** What {@link createPlatformRoutes} needs. */
export interface PlatformOptions {
  /** Where signups are rate-limited per client address. */
  readonly store: RateLimitStore;
  readonly keyStore: KeyStore;
  readonly usageStore: UsageStore;
  /** `createHandler`'s `signup` option: off (undefined or false), on, or on with a signup rate. */
  readonly signup?: boolean | { readonly rateLimit?: number } | undefined;
  readonly maxKeysPerAccount?: number | undefined;
  readonly maxKeysCreatedPerDay?: number | undefined;
  /** Proxies whose `X-Forwarded-For` names the client (signups are limited per client address). */
  readonly trustProxy?: number | undefined;
  /** The per-key budget, which `/v1/usage` reports. */
  readonly rateLimit: number;
  readonly maxBodyBytes: number;
  /** Development mode: signups are not rate-limited. */
  readonly dev?: boolean | undefined;
}

/**
 * The platform routes of a handler (options checked here): `paths`, the platform paths served
 * (`/v1/signup` only with `signup`), `signup(request)`, and `call(path, request, identity, meter)` for
 * the others, after authentication and the arrival token.
 */
export function createPlatformRoutes(options: PlatformOptions) {
  const { store, keyStore, usageStore, rateLimit, maxBodyBytes, dev } = options;
  const signupRate =
    options.signup === undefined || options.signup === false
      ? undefined
      : options.signup === true
        ? DEFAULT_SIGNUP_RATE_LIMIT
        : (options.signup.rateLimit ?? DEFAULT_SIGNUP_RATE_LIMIT);
  if (signupRate !== undefined && !(Number.isInteger(signupRate) && signupRate > 0))
    throw new RangeError('signup.rateLimit must be a positive integer');
  const maxKeys = options.maxKeysPerAccount ?? DEFAULT_MAX_KEYS_PER_ACCOUNT;
  if (!(Number.isInteger(maxKeys) && maxKeys > 0))
    throw new RangeError('maxKeysPerAccount must be a positive integer');
  const maxCreatedPerDay = options.maxKeysCreatedPerDay ?? DEFAULT_MAX_KEYS_CREATED_PER_DAY;
  if (!(Number.isInteger(maxCreatedPerDay) && maxCreatedPerDay > 0))
    throw new RangeError('maxKeysCreatedPerDay must be a positive integer');
  const trustProxy = options.trustProxy ?? 0;
  if (!(Number.isInteger(trustProxy) && trustProxy >= 0))
    throw new RangeError('trustProxy must be an integer >= 0');
  const paths: ReadonlySet<string> = new Set<string>(
    PLATFORM_PATHS.filter((path) => path !== '/v1/signup' || signupRate !== undefined),
  );

  /** The client's address: the connection's, or from X-Forwarded-For behind `trustProxy` proxies. */
  const clientAddress = (request: RequestParts): string =>
    forwardedClient(request.header('x-forwarded-for'), trustProxy) ?? request.clientAddress ?? 'unknown';

  /** Validate a platform request body; throws the CalculationError (400) naming the field. */
  const parsePlatform = <S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> => {
    const parsed = z.safeParse(schema, body);
    if (!parsed.success) throw toCalculationError(parsed.error, body);
    return parsed.data;
  };

  const signupNow = async (request: RequestParts): Promise<Reply> => {
    if (!dev) {
      let decision: RateDecision;
      try {
        decision = await store.takeToken(`signup:${clientAddress(request)}`, signupRate!, 1);
      } catch {
        return storeUnavailable('rate-limit');
      }
      if (!decision.allowed)
        return errorReply(429, 'rate_limited', `over ${signupRate} signups per minute from this address`, {
          headers: { 'retry-after': String(decision.retryAfterSeconds) },
        });
    }
    const read = await readJson(request, maxBodyBytes, {});
    if (!('json' in read)) return read;
    const { email: given } = parsePlatform(SignupRequest, read.json);
    const email = given.toLowerCase();
    const now = new Date();
    const account = { id: newAccountId(), email, createdAt: now.toISOString() };
    const { apiKey, record } = newKey(account.id, '', now);
    let accountId: string | undefined;
    try {
      accountId = await keyStore.createAccount(account, record);
    } catch {
      return storeUnavailable('key');
    }
    if (accountId === undefined) return errorReply(409, 'email_taken', 'an account with this email exists');
    return jsonReply(201, { account_id: accountId, email, api_key: apiKey, key: keyInfo(record) }, NO_STORE);
  };

  const platformCall = async (
    path: Exclude<PlatformPath, '/v1/signup'>,
    request: RequestParts,
    identity: Identity,
    body: unknown,
    headers: Record<string, string>,
    decision: RateDecision | undefined,
  ): Promise<Reply> => {
    const operator = identity.accountId === OPERATOR_ACCOUNT && !identity.record;
    const forbidden = () =>
      errorReply(
        403,
        'forbidden',
        'keys configured on the server belong to no account: manage them in the server configuration',
        { headers },
      );
    try {
      switch (path) {
        case '/v1/keys/create': {
          const { name = '' } = parsePlatform(KeyCreateRequest, body);
          if (operator) return forbidden();
          const token = idempotencyToken(request.header('idempotency-key'));
          if (token === INVALID)
            return errorReply(
              400,
              'invalid_request',
              'the Idempotency-Key header must be 1 to 255 visible ASCII characters',
              { headers },
            );
          const now = new Date();
          const { apiKey, record } = newKey(identity.accountId, name, now);
          const limits = { maxActive: maxKeys, maxCreatedPerDay, day: utcDay(now.getTime()) };
          const outcome = await keyStore.addKey(record, limits, token);
          if (outcome === 'too_many_active')
            return errorReply(
              409,
              'too_many_keys',
              `an account holds at most ${maxKeys} active keys: revoke one first`,
              { headers },
            );
          if (outcome === 'too_many_today')
            return errorReply(
              429,
              'rate_limited',
              `an account creates at most ${maxCreatedPerDay} keys a day (UTC); try again tomorrow`,
              { headers: { ...headers, 'retry-after': String(secondsToNextUtcDay(now.getTime())) } },
            );
          if (outcome === 'idempotency_key_used')
            return errorReply(
              409,
              'idempotency_key_used',
              'the key created with this Idempotency-Key has been used or revoked: send a new Idempotency-Key',
              { headers },
            );
          return jsonReply(201, { api_key: apiKey, key: keyInfo(record) }, { ...headers, ...NO_STORE });
        }
        case '/v1/keys/list': {
          const { limit, cursor } = parsePlatform(KeyListRequestSchema, body);
          if (operator) return forbidden();
          const listed = page(await keyStore.listKeys(identity.accountId), [], limit, cursor);
          return jsonReply(200, { keys: listed.keys.map(keyInfo), next_cursor: listed.nextCursor }, headers);
        }
        case '/v1/keys/revoke': {
          const { key_id } = parsePlatform(KeyRevokeRequest, body);
          if (operator) return forbidden();
          const revoked = await keyStore.revokeKey(identity.accountId, key_id, new Date().toISOString());
          if (!revoked)
            return errorReply(404, 'key_not_found', `this account has no key ${clip(key_id, 64)}`, {
              headers,
            });
          return jsonReply(200, { key: keyInfo(revoked) }, headers);
        }
        default: {
          const { days: count, limit, cursor } = parsePlatform(UsageRequest, body);
          const days = lastDays(Date.now(), count);
          const [keys, rows] = await Promise.all([
            operator ? Promise.resolve([]) : keyStore.listKeys(identity.accountId),
            usageStore.usage(identity.accountId, days),
          ]);
          const listed = page(keys, [...new Set(rows.map((row) => row.keyId))], limit, cursor);
          const perKey = usageByKey(listed.keys, rows, days, listed.others);
          return jsonReply(
            200,
            {
              account_id: identity.accountId,
              days,
              total: rows.reduce((sum, row) => sum + row.count, 0),
              rate_limit: decision
                ? {
                    limit_per_minute: rateLimit,
                    remaining: decision.remaining,
                    reset_seconds: decision.resetSeconds,
                  }
                : null,
              keys: perKey,
              next_cursor: listed.nextCursor,
            },
            headers,
          );
        }
      }
    } catch (error) {
      if (isCalculationError(error))
        return errorReply(400, error.code, error.message, { issues: error.issues, headers });
      return errorReply(
        503,
        'service_unavailable',
        'the key or usage store is unreachable; try again shortly',
        {
          headers: { ...headers, 'retry-after': '1' },
        },
      );
    }
  };

  return {
    paths,
    /** Whether signups are served. */
    signupOn: signupRate !== undefined,
    /** `POST /v1/signup`: 201 with the account's first key, or the error reply. */
    async signup(request: RequestParts): Promise<Reply> {
      try {
        return await signupNow(request);
      } catch (error) {
        if (isCalculationError(error))
          return errorReply(400, error.code, error.message, { issues: error.issues });
        throw error;
      }
    },
    /** A platform path other than signup, for `identity` once it paid its arrival token to `meter`. */
    async call(path: PlatformPath, request: RequestParts, identity: Identity, meter: Meter): Promise<Reply> {
      const read = await readJson(request, maxBodyBytes, meter.headers);
      if (!('json' in read)) return read;
      return platformCall(
        path as Exclude<PlatformPath, '/v1/signup'>,
        request,
        identity,
        read.json,
        meter.headers,
        meter.decision,
      );
    },
  };
}
