import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DispatchDeps } from './dispatch';
import { sendJson } from './dispatch';
import { invalidToken, notFound } from './errors';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Only http(s) targets are followed, so the page cannot be turned into a javascript: redirect. */
function safeRedirect(raw: string | null): string | undefined {
  if (!raw) return undefined;
  try {
    const target = new URL(raw);
    return target.protocol === 'http:' || target.protocol === 'https:'
      ? target.toString()
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page's CSP. Chromium applies `form-action` to the redirect that follows a form POST, so the
 * app's `redirect_to` origin must be allowed there, or approving would stop at this page.
 */
function page(title: string, body: string, redirectTo?: string): string {
  const formAction = redirectTo ? `'self' ${new URL(redirectTo).origin}` : "'self'";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}">
<style>body{font-family:sans-serif;max-width:32rem;margin:4rem auto;color:#0d253f}button{font-size:1rem;padding:.5rem 1.5rem;margin-right:1rem}</style>
</head><body>${body}</body></html>`;
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html;charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(html);
}

/**
 * The approval page TMDB shows at `/authenticate/{token}`: the user approves or denies the app's
 * request token. Approve and Deny are forms that POST back to `/authenticate/{token}/allow|deny`;
 * afterwards the browser goes to `redirect_to` with `request_token` and `approved=true` or `denied=true`.
 */
export function handleApproval(
  deps: DispatchDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): void {
  const m = /^\/authenticate\/([A-Za-z0-9]+)(?:\/(allow|deny))?$/.exec(url.pathname);
  const tokenValue = m?.[1];
  if (!tokenValue) {
    sendJson(res, 404, notFound().body());
    return;
  }
  const token = deps.state.liveToken(tokenValue);
  if (!token || token.status === 'used') {
    sendHtml(
      res,
      401,
      page(
        'Request token expired',
        `<h1>This request has expired</h1><p>${escapeHtml(invalidToken().statusMessage)}</p>`,
      ),
    );
    return;
  }
  const redirectTo = safeRedirect(url.searchParams.get('redirect_to'));
  const action = m[2];
  if (req.method === 'GET' && !action) {
    const query = redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : '';
    const account = deps.state.demoAccount;
    sendHtml(
      res,
      200,
      page(
        'Approve Marquee',
        `<h1>Allow Marquee to use your account?</h1>
<p>Signed in as <strong>${escapeHtml(account.username)}</strong>. Marquee asks to read and change your watchlist, favourites, ratings and lists.</p>
<form method="post" action="/authenticate/${token.token}/allow${query}"><button type="submit" name="approve">Approve</button></form>
<form method="post" action="/authenticate/${token.token}/deny${query}"><button type="submit" name="deny">Deny</button></form>`,
        redirectTo,
      ),
    );
    return;
  }
  if (req.method !== 'POST' || !action) {
    sendJson(res, 404, notFound().body());
    return;
  }
  req.resume();
  if (token.status === 'pending') {
    token.status = action === 'allow' ? 'approved' : 'denied';
    token.accountId = action === 'allow' ? deps.state.demoAccount.id : undefined;
  }
  const outcome = token.status === 'approved' ? 'approved=true' : 'denied=true';
  if (redirectTo) {
    const target = new URL(redirectTo);
    target.searchParams.set('request_token', token.token);
    target.searchParams.set(outcome.split('=')[0] ?? 'approved', 'true');
    res.writeHead(303, { Location: target.toString(), 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  const done =
    token.status === 'approved'
      ? 'Marquee can now use your account. You can close this window.'
      : 'You denied Marquee access. You can close this window.';
  sendHtml(
    res,
    200,
    page(
      'Marquee',
      `<h1>${token.status === 'approved' ? 'Approved' : 'Denied'}</h1><p>${done}</p>`,
    ),
  );
}
