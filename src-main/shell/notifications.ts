import type { EventPayload, InboxItemView } from '../../src-shared/ipc/contract';
import { escapeMarkup, plainText } from '../../src-shared/text/bound';
import { TEXT_LIMITS } from '../../src-shared/text/limits';
import type { Logger } from '../base/log';

/** The part of Electron's `Notification` the shell uses. */
export interface ShownNotification {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}

/** Electron's `Notification` class, narrowed: tests pass a fake. */
export interface NotificationFactory {
  isSupported(): boolean;
  create(options: { title: string; body: string }): ShownNotification;
}

/** The part of the window a click needs: bring it forward and change its route. */
export interface NotifiedWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  webContents: { executeJavaScript(code: string): Promise<unknown> };
}

export interface NotificationDeps {
  events: {
    on(
      event: 'tracking.inbox',
      listener: (payload: EventPayload<'tracking.inbox'>) => void,
    ): () => void;
  };
  factory: NotificationFactory;
  /** The user's opt-in (Settings → Notifications, `osNotifications`), read at each batch. */
  enabled: () => Promise<boolean>;
  window: () => NotifiedWindow | undefined;
  /** Records the items as shown (the inbox's `os_notified_at`), once their notifications are up. */
  markShown: (ids: readonly number[]) => Promise<void>;
  log: Logger;
  /** The OS, for its notification server's reading of markup; `process.platform` by default. */
  platform?: NodeJS.Platform;
}

/** More new items than this at once become one summary, not a stack of notifications. */
export const MAX_SEPARATE = 3;

/** The page an item opens: the episode's series, the film, or the title that arrived. Built from numbers only. */
export function itemRoute(item: Pick<InboxItemView, 'kind' | 'mediaId' | 'mediaType'>): string {
  const kind =
    item.kind === 'episode' || (item.kind === 'arrival' && item.mediaType === 'tv')
      ? 'tv'
      : 'movie';
  return `#/${kind}/${Math.trunc(item.mediaId)}`;
}

const ROUTE = /^#\/(?:tv|movie|inbox)(?:\/\d+)?$/;

/**
 * OS notifications for new inbox items, when the user opted in. One per item, or one summary for a
 * burst; a click brings Marquee's window forward and opens the item (the summary opens the inbox).
 * The route is set through the page's hash, the renderer's own router, and only routes of the form
 * above are ever sent to the page.
 */
export function installNotifications(deps: NotificationDeps): () => void {
  const open = (route: string): void => {
    const window = deps.window();
    if (!window || window.isDestroyed() || !ROUTE.test(route)) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
    window.webContents
      .executeJavaScript(`location.hash = ${JSON.stringify(route)};`)
      .catch((error: unknown) => {
        deps.log.warn('shell.notification_open_failed', { error });
      });
  };

  // Linux notification servers read the body as markup (freedesktop `body-markup`): a name like
  // "<a href=…>" would become a link there. Titles are plain text on every platform.
  const readsMarkup = (deps.platform ?? process.platform) === 'linux';
  const show = (title: string, body: string, route: string): void => {
    const plainBody = plainText(body, TEXT_LIMITS.inboxBody);
    const notification = deps.factory.create({
      title: plainText(title, TEXT_LIMITS.inboxTitle),
      body: readsMarkup ? escapeMarkup(plainBody) : plainBody,
    });
    notification.on('click', () => {
      open(route);
    });
    notification.show();
  };

  return deps.events.on('tracking.inbox', ({ items }) => {
    if (items.length === 0) return;
    void deps
      .enabled()
      .then((on) => {
        if (!on || !deps.factory.isSupported()) return;
        if (items.length <= MAX_SEPARATE) {
          for (const item of items) show(item.title, item.body, itemRoute(item));
        } else {
          const names = items.slice(0, MAX_SEPARATE).map((item) => item.title);
          show(
            `${items.length} new in your Marquee inbox`,
            `${names.join(', ')} and ${items.length - MAX_SEPARATE} more`,
            '#/inbox',
          );
        }
        // The summary stands for every item in it.
        return deps.markShown(items.map((item) => item.id));
      })
      .catch((error: unknown) => {
        deps.log.warn('shell.notifications_failed', { error });
      });
  });
}
