// Signed JWTs for every session kind. Staff tokens also name their session (`sid`), which
// server/auth/session.ts checks against the database on every request: a cached signature never
// keeps a signed-out session alive.
// kind 'public': the shared applicant account; 'system_auth': a staff user;
// 'refresh': a public refresh token; 'staff_session': the staff sign-in cookie.
import { createSecretKey, randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../db/database';
import type { StaffRole } from '../db/schema';

export type TokenKind = 'public' | 'system_auth' | 'refresh' | 'staff_session';

export interface TokenClaims {
  kind: TokenKind;
  sub: string;
  roles?: StaffRole[];
  /** The session a token belongs to: a public session keeps it across refreshes; a staff cookie or staff bearer names its staff_session row. */
  sid?: string;
}

export type VerifyFailure = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(readonly reason: VerifyFailure) {
    super(reason);
  }
}

export interface TokenSigner {
  sign(claims: TokenClaims, ttlSeconds: number): Promise<string>;
  /** Resolves the claims or rejects with a TokenError. */
  verify(token: string, kinds: TokenKind[]): Promise<TokenClaims>;
}

const ISSUER = 'solicitud-online';
const VERIFIED_LIMIT = 10_000;

export function createTokenSigner(secret: string): TokenSigner {
  // A KeyObject made once: given bytes, jose imports a key on every verification.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Every request carries its token: a signature checked once holds until the token expires, so
  // each token is checked once (the HMAC is a third of a small request's work).
  const verified = new Map<string, { payload: JWTPayload; expiresAt: number }>();
  const check = async (token: string) => {
    const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
    const entry = { payload, expiresAt: (payload.exp ?? 0) * 1000 };
    verified.set(token, entry);
    if (verified.size > VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
    return entry;
  };
  return {
    async sign(claims, ttlSeconds) {
      return new SignJWT({ kind: claims.kind, ...(claims.roles ? { roles: claims.roles } : {}), ...(claims.sid ? { sid: claims.sid } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setJti(randomBytes(8).toString('hex'))
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token, kinds) {
      try {
        const { payload, expiresAt } = verified.get(token) ?? (await check(token));
        if (Date.now() >= expiresAt) throw new errors.JWTExpired('"exp" claim timestamp check failed', payload);
        const kind = payload.kind as TokenKind;
        if (!kinds.includes(kind) || typeof payload.sub !== 'string') throw new TokenError('invalid');
        const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
        return { kind, sub: payload.sub, roles: payload.roles as StaffRole[] | undefined, ...(sid ? { sid } : {}) };
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}

/** The configured secret, or one created once and kept in the database so every instance shares it. */
export async function resolveTokenSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  await db
    .insertInto('server_setting')
    .values({ key: 'jwt_secret', value: fresh })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('server_setting').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return row.value;
}
