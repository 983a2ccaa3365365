import type { AuthChannel } from '../../../src-shared/ipc/contract';
import type { HandlersFor } from '../../../src-shared/ipc/handlers';
import type { AuthService } from '../../auth/auth-service';

/** Sign-in, sign-out, the application credential and the account, once the session is restored. */
export function authHandlers(use: () => Promise<{ auth: AuthService }>): HandlersFor<AuthChannel> {
  const auth = async (): Promise<AuthService> => (await use()).auth;
  return {
    'auth.status': async () => (await auth()).status(),
    'auth.beginApproval': async () => (await auth()).beginApproval(),
    'auth.completeApproval': async (flow) => (await auth()).completeApproval(flow),
    'auth.cancelApproval': async (flow) => (await auth()).cancelApproval(flow),
    'auth.login': async (credentials) => (await auth()).login(credentials),
    'auth.guest': async () => (await auth()).guest(),
    'auth.signOut': async (options) => (await auth()).signOut(options),
    'credentials.setAppToken': async (token) => (await auth()).setAppToken(token),
    'credentials.clearAppToken': async () => (await auth()).clearAppToken(),
    'account.details': async () => (await auth()).accountDetails(),
  };
}
