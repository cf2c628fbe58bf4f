import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../shared/api/auth';
import {
  abilityFor,
  can,
  isStaffRole,
  type AbilityAction,
  type AbilityRule,
  type AbilitySubject,
  type Role,
} from '../../shared/access';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { HttpError } from './errors';
import { hashToken, newToken } from './tokens';

// --- sessions ----------------------------------------------------------------------------------

const DAY = 24 * 60 * 60 * 1000;
/** A session unused for this long ends. */
const SESSION_IDLE_MS = 30 * DAY;
/** However much it is used, a session ends this long after the log-in. */
const SESSION_MAX_MS = 90 * DAY;
/** Use is recorded (and the idle expiry pushed back) at most this often, to spare writes. */
const SESSION_TOUCH_MS = 60 * 60 * 1000;
/** A staff session ends a working day after the log-in, however much it is used. */
export const STAFF_SESSION_MS = 10 * 60 * 60 * 1000;

/** How long a new session of this role lives unused, and at most. */
const lifetimeOf = (role: Role) =>
  isStaffRole(role)
    ? { idle: STAFF_SESSION_MS, max: STAFF_SESSION_MS }
    : { idle: SESSION_IDLE_MS, max: SESSION_MAX_MS };

export type UserRow = typeof users.$inferSelect;

/** Starts a session for the user and returns its bearer token (stored only as a hash). */
export async function createSession(
  db: Db,
  userId: number,
  now = new Date(),
  role: Role = 'customer',
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + lifetimeOf(role).idle),
  });
  return token;
}

/** The live session of a token and its (not deleted) user, sliding its expiry; null otherwise. */
export async function findSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ sessionId: number; user: UserRow } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
        isNull(users.disabledAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.session.lastUsedAt.getTime() > SESSION_TOUCH_MS) {
    const lifetime = lifetimeOf(row.user.role);
    const cap = row.session.createdAt.getTime() + lifetime.max;
    await db
      .update(sessions)
      .set({
        lastUsedAt: now,
        expiresAt: new Date(Math.min(cap, now.getTime() + lifetime.idle)),
      })
      .where(eq(sessions.id, row.session.id));
  }
  return { sessionId: row.session.id, user: row.user };
}

export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user, except one when given (the caller's own). */
export async function endAllSessions(db: Db, userId: number, except?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      and(eq(sessions.userId, userId), except === undefined ? undefined : ne(sessions.id, except)),
    );
}

/** Deletes sessions past their expiry (run by the clean-up job). */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return rows.length;
}

// --- the Fastify side --------------------------------------------------------------------------

export interface AuthContext {
  sessionId: number;
  user: UserRow;
  role: Role;
  ability: AbilityRule[];
}

/**
 * Who may call a route that needs a session: by default a customer (their own records; a staff
 * session is refused, so staff cannot act through the customer's screens); `can` makes it a staff
 * route needing that ability; `anyRole` lets every signed-in user in (who am I, log out).
 */
export interface RequireAuthOptions {
  /**
   * A staff route: a staff member whose role has this ability. Customers are always refused: their
   * rules (their own orders, invoices, cases) are for their own routes, which filter by the user.
   */
  can?: [AbilityAction, AbilitySubject];
  anyRole?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route can take or give money (MOVES_MONEY, MOVES_NO_MONEY). */
    money?: boolean;
  }
}

/** `app.requireAuth()`'s hook, with the access it declares (the auth part, ../parts/auth.ts). */
export type AuthHook = ((request: FastifyRequest) => Promise<void>) & { access: RouteAccess };

/**
 * Who may call a route (decision 0016), declared on every route: by its `requireAuth` hook (a
 * customer, anyone signed in, or a staff ability), or in its config for a route open to all
 * (`anonymous`), only to this machine (`this-machine`: the development routes) or to a payment
 * provider's signed calls (`provider`). The app refuses to start with a route that declares none.
 */
export type RouteAccess =
  | 'anonymous'
  | 'this-machine'
  | 'provider'
  | 'customer'
  | 'signed-in'
  | { can: [AbilityAction, AbilitySubject] };

/**
 * A route's config mark for a route that can take or give money (decision 0046): payments,
 * refunds, invoices raised or voided, cases and disputes decided, returns, consolidation,
 * storage and abandonment. Every marked route is raced in tests/api/money-races.test.ts, and a
 * route that looks like one of those without the mark (`money: false`, for one reviewed and
 * found to move none) fails the build's tests, so a new one cannot be missed.
 */
export const MOVES_MONEY = { money: true } as const;
/** The mark of a route reviewed and found to move no money though its path suggests it might. */
export const MOVES_NO_MONEY = { money: false } as const;

/** A route's config for the open kinds of access: `config: access('anonymous')`. */
export const access = (kind: 'anonymous' | 'this-machine' | 'provider') => ({ access: kind });

interface RouteLike {
  method: string | string[];
  url: string;
  onRequest?: unknown;
  config?: unknown;
  schema?: RouteSchemas;
}

/** A route's request schemas (zod), as declared. */
interface RouteSchemas {
  body?: unknown;
  params?: unknown;
  querystring?: unknown;
  headers?: unknown;
}

/** The access a route declares, or undefined when it declares none. */
export function accessOf(route: RouteLike): RouteAccess | undefined {
  const hooks = [route.onRequest].flat();
  const hook = hooks.find(
    (h): h is AuthHook => typeof h === 'function' && 'access' in h && h.access !== undefined,
  );
  if (hook) return hook.access;
  const config = route.config as { access?: RouteAccess } | undefined;
  return config?.access;
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
  schema: RouteSchemas;
  /** Its MOVES_MONEY / MOVES_NO_MONEY mark, if it has one. */
  money?: boolean;
}

/**
 * Collects the app's routes as they are registered; `check()` (at the end of buildApp) fails for
 * a route without its access, and gives the table the gate tests walk.
 */
export function collectRoutes(app: FastifyInstance) {
  const seen: RouteLike[] = [];
  app.addHook('onRoute', (route) => {
    seen.push(route as RouteLike);
  });
  return {
    check(): DeclaredRoute[] {
      return seen.map((route) => {
        const declared = accessOf(route);
        const method = [route.method].flat().join(',');
        if (!declared) throw new Error(`${method} ${route.url} does not declare who may call it`);
        const money = (route.config as { money?: boolean } | undefined)?.money;
        return { method, url: route.url, access: declared, schema: route.schema ?? {}, money };
      });
    },
  };
}

const BEARER = /^Bearer\s+([\w-]{1,200})\s*$/i;

/** Reads the bearer token and sets `request.auth` when it names a live session. */
export async function authenticate(request: FastifyRequest): Promise<AuthContext | null> {
  if (request.auth) return request.auth;
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) return null;
  const found = await findSession(request.server.database.db, match[1]);
  if (!found) return null;
  const role = found.user.role;
  request.auth = { ...found, role, ability: abilityFor(role) };
  return request.auth;
}

/** The session set by `requireAuth`; a route behind it can rely on this. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, AUTH_MESSAGES.loginRequired);
  return request.auth;
}

/** Adds `request.auth` and `app.requireAuth()` to the app (see buildApp). */
/** Decorates the app with `requireAuth` and requests with `auth` (../parts/auth.ts). */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', (options: RequireAuthOptions = {}) => {
    const check = async (request: FastifyRequest) => {
      const auth = await authenticate(request);
      if (!auth) throw new HttpError(401, AUTH_MESSAGES.loginRequired);
      const allowed = options.can
        ? isStaffRole(auth.role) && can(auth.ability, ...options.can)
        : options.anyRole || auth.role === 'customer';
      if (!allowed) throw new HttpError(403, AUTH_MESSAGES.forbidden);
    };
    const declared: RouteAccess = options.can
      ? { can: options.can }
      : options.anyRole
        ? 'signed-in'
        : 'customer';
    return Object.assign(check, { access: declared });
  });
}

/**
 * Lets calls that take no body (logout, request-validate-email, delete) be sent with a JSON
 * content type and an empty body, as many HTTP clients do, in the plugin it is called in.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

/** A bearer token as the log-in calls answer it (the customer's, the staff's): a JSON string. */
export function sendToken(reply: FastifyReply, token: string) {
  return reply.type('application/json').send(JSON.stringify(token));
}
