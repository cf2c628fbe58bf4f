import fp from 'fastify-plugin';
import {
  registerAuth,
  type AuthContext,
  type AuthHook,
  type RequireAuthOptions,
} from '../lib/auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, once `app.requireAuth()` (or `authenticate`) has run. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /**
     * A hook (use it as the route's `onRequest`, so it runs before the body is read) that answers
     * 401 `Please log in.` without a live session (missing, unknown, expired or revoked token)
     * and 403 when the role lacks the permission asked for. Sets `request.auth`.
     */
    requireAuth(options?: RequireAuthOptions): AuthHook;
  }
}

/** Who is calling: sessions read from the database, and each route's gate (lib/auth.ts). */
export const authPart = fp(async (app) => registerAuth(app), {
  name: 'auth',
  dependencies: ['database'],
});
