import { Reply, type Handler } from '../handler';
import { tmdbTimestamp } from '../state';
import {
  credentialsMissing,
  invalidLogin,
  invalidToken,
  sessionDenied,
  sessionNotFound,
} from '../errors';
import { bodyObject } from './helpers';

/**
 * TMDB's v3 sign-in: a request token (60 minutes), approved by the user on the approval page or
 * with username and password, exchanged once for a session that does not expire.
 */
export const authHandlers: Record<string, Handler> = {
  'GET /3/authentication/token/new': (ctx) => {
    const token = ctx.state.newToken();
    return {
      success: true,
      expires_at: tmdbTimestamp(token.expiresAt),
      request_token: token.token,
    };
  },
  'POST /3/authentication/token/validate_with_login': (ctx) => {
    const body = bodyObject(ctx);
    const { username, password } = body;
    if (
      typeof username !== 'string' ||
      typeof password !== 'string' ||
      username === '' ||
      password === ''
    )
      throw credentialsMissing();
    const token = ctx.state.liveToken(body.request_token);
    if (!token || token.status === 'used' || token.status === 'denied') throw invalidToken();
    const account = ctx.state.login(username, password);
    if (!account) throw invalidLogin();
    token.status = 'approved';
    token.accountId = account.id;
    return {
      success: true,
      expires_at: tmdbTimestamp(token.expiresAt),
      request_token: token.token,
    };
  },
  'POST /3/authentication/session/new': (ctx) => {
    const token = ctx.state.liveToken(bodyObject(ctx).request_token);
    if (!token || token.status === 'used') throw invalidToken();
    // A token the user has not approved (or denied) gives "Session denied.", TMDB's status 17.
    if (token.status !== 'approved' || token.accountId === undefined) throw sessionDenied();
    token.status = 'used';
    return { success: true, session_id: ctx.state.newSession(token.accountId) };
  },
  'GET /3/authentication/guest_session/new': (ctx) => {
    const guest = ctx.state.newGuest();
    return {
      success: true,
      guest_session_id: guest.id,
      expires_at: tmdbTimestamp(guest.expiresAt),
    };
  },
  'DELETE /3/authentication/session': (ctx) => {
    const id = bodyObject(ctx).session_id;
    if (typeof id !== 'string' || !ctx.state.sessions.delete(id)) throw sessionNotFound();
    return new Reply(200, { success: true });
  },
};
