/**
 * Stand-ins for the media servers' webhook senders: each builds a request body in the shape its
 * server sends (Jellyfin's webhook plugin, Plex Media Server, Emby) and can POST it, so tests,
 * benchmarks and browser specs exercise Marquee's listener with what a real server would send.
 */

/** One viewing, described once and printed in each server's shape. */
export interface WebhookPlay {
  media: 'movie' | 'episode';
  /** The server's own item id (Jellyfin: 32 hex digits; Plex: a ratingKey; Emby: a number). */
  itemId: string;
  /** Film title, or the episode's own title. */
  title: string;
  year?: number;
  seriesTitle?: string;
  season?: number;
  episode?: number;
  ids?: { tmdb?: string; imdb?: string; tvdb?: string };
  /** A Plex library on an old agent: `com.plexapp.agents.thetvdb://…`. */
  legacyGuid?: string;
  runtimeMs: number;
  positionMs: number;
  completed?: boolean;
  user: { id: string; name: string };
  /** When the server announced it, ms since the epoch. */
  at: number;
}

export interface WebhookBody {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
}

const TICKS_PER_MS = 10_000;
const encoder = new TextEncoder();
const dashed = (hex: string): string =>
  /^[0-9a-f]{32}$/i.test(hex)
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : hex;

export type JellyfinEvent = 'PlaybackStart' | 'PlaybackProgress' | 'PlaybackStop' | 'UserDataSaved';

export interface JellyfinOptions {
  /** `template`: a Handlebars template's output (True/False, numbers as text); else real JSON. */
  style?: 'template' | 'all-properties';
  /** Print GUIDs with dashes, as some template variables do. */
  dashedIds?: boolean;
  /** The plugin's default is text/plain; users often choose application/json. */
  contentType?: string;
  saveReason?: string;
}

/** Jellyfin's webhook plugin, Generic destination. */
export function jellyfinBody(
  event: JellyfinEvent,
  play: WebhookPlay,
  options: JellyfinOptions = {},
): WebhookBody {
  const template = options.style === 'template';
  const bool = (v: boolean) => (template ? (v ? 'True' : 'False') : v);
  const num = (v: number) => (template ? String(v) : v);
  const id = (v: string) => (options.dashedIds ? dashed(v) : v);
  const episode = play.media === 'episode';
  const payload: Record<string, unknown> = {
    ServerId: id('2c6f5a1e9d8b4c7ab6e5d4c3b2a1f0e9'),
    ServerName: 'Stand-in Jellyfin',
    ServerVersion: '10.10.7',
    NotificationType: event,
    Timestamp: new Date(play.at).toISOString().replace('T', ' ').slice(0, 19),
    UtcTimestamp: new Date(play.at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    ItemType: episode ? 'Episode' : 'Movie',
    ItemId: id(play.itemId),
    Name: play.title,
    ...(play.year !== undefined ? { Year: num(play.year) } : {}),
    ...(episode
      ? {
          SeriesName: play.seriesTitle ?? '',
          SeasonNumber: num(play.season ?? 1),
          EpisodeNumber: num(play.episode ?? 1),
        }
      : {}),
    Provider_tmdb: play.ids?.tmdb ?? (template ? '' : undefined),
    Provider_imdb: play.ids?.imdb ?? (template ? '' : undefined),
    Provider_tvdb: play.ids?.tvdb ?? (template ? '' : undefined),
    RunTimeTicks: num(play.runtimeMs * TICKS_PER_MS),
    UserId: id(play.user.id),
    NotificationUsername: play.user.name,
  };
  if (event === 'UserDataSaved') {
    Object.assign(payload, {
      Played: bool(play.completed ?? true),
      PlayCount: num(1),
      LastPlayedDate: new Date(play.at).toISOString(),
      SaveReason: options.saveReason ?? 'TogglePlayed',
    });
  } else {
    Object.assign(payload, {
      PlaybackPositionTicks: num(play.positionMs * TICKS_PER_MS),
      IsPaused: bool(false),
      DeviceName: 'Firefox',
      ClientName: 'Jellyfin Web',
      ...(event === 'PlaybackStop'
        ? { PlayedToCompletion: bool(play.completed ?? play.positionMs >= play.runtimeMs * 0.9) }
        : {}),
    });
  }
  return {
    body: encoder.encode(JSON.stringify(payload)),
    contentType: options.contentType ?? 'text/plain; charset=utf-8',
  };
}

export type PlexEvent =
  'media.play' | 'media.pause' | 'media.resume' | 'media.stop' | 'media.scrobble';

export interface PlexOptions {
  /** A JPEG-like thumbnail part after the payload, as Plex adds for some events. */
  thumbnail?: Uint8Array;
  owner?: boolean;
}

/** Plex Media Server: multipart/form-data with the JSON in `payload`, maybe a thumbnail part. */
export function plexBody(
  event: PlexEvent,
  play: WebhookPlay,
  options: PlexOptions = {},
): WebhookBody {
  const episode = play.media === 'episode';
  const guids = Object.entries(play.ids ?? {}).map(([scheme, value]) => ({
    id: `${scheme}://${value}`,
  }));
  const metadata: Record<string, unknown> = {
    librarySectionType: episode ? 'show' : 'movie',
    ratingKey: play.itemId,
    key: `/library/metadata/${play.itemId}`,
    guid:
      play.legacyGuid ??
      `plex://${episode ? 'episode' : 'movie'}/5d9c08${play.itemId.padStart(18, '0')}`,
    type: episode ? 'episode' : 'movie',
    title: play.title,
    ...(episode
      ? {
          grandparentTitle: play.seriesTitle ?? '',
          parentTitle: `Season ${play.season ?? 1}`,
          parentIndex: play.season ?? 1,
          index: play.episode ?? 1,
        }
      : {}),
    ...(play.year !== undefined ? { year: play.year } : {}),
    viewOffset: play.positionMs,
    duration: play.runtimeMs,
    ...(play.legacyGuid === undefined ? { Guid: guids } : {}),
  };
  const payload = {
    event,
    user: true,
    owner: options.owner ?? true,
    Account: {
      id: Number(play.user.id),
      thumb: 'https://plex.tv/users/0/avatar',
      title: play.user.name,
    },
    Server: { title: 'Stand-in Plex', uuid: '54664a3d8acc39983675640ec9ce00b70af9cc36' },
    Player: {
      local: true,
      publicAddress: '203.0.113.7',
      title: 'Chrome',
      uuid: 'r6yfkdnfggbh2bdnvkffwbms',
    },
    Metadata: metadata,
  };
  const parts: FormPart[] = [
    { name: 'payload', type: 'application/json', data: JSON.stringify(payload) },
  ];
  if (options.thumbnail)
    parts.push({
      name: 'thumb',
      filename: 'image.jpg',
      type: 'image/jpeg',
      data: options.thumbnail,
    });
  return multipart(parts, '------------------------5f0c1d2e3a4b5c6d');
}

export type EmbyEvent =
  'playback.start' | 'playback.stop' | 'playback.scrobble' | 'item.markplayed';

/** Emby: older servers post a form with the JSON in `data`, newer ones post JSON. */
export function embyBody(
  event: EmbyEvent,
  play: WebhookPlay,
  options: { format?: 'form' | 'json' } = {},
): WebhookBody {
  const episode = play.media === 'episode';
  const ids = play.ids ?? {};
  const payload = {
    Title: `${play.user.name} has finished playing ${play.title}`,
    Date: new Date(play.at).toISOString(),
    Event: event,
    User: { Name: play.user.name, Id: play.user.id },
    Item: {
      Name: play.title,
      ServerId: '15596ac9bbc24127b9f01db6f33630c7',
      Id: play.itemId,
      RunTimeTicks: play.runtimeMs * TICKS_PER_MS,
      ...(play.year !== undefined ? { ProductionYear: play.year } : {}),
      ...(episode
        ? {
            SeriesName: play.seriesTitle ?? '',
            ParentIndexNumber: play.season ?? 1,
            IndexNumber: play.episode ?? 1,
          }
        : {}),
      ProviderIds: {
        ...(ids.tmdb ? { Tmdb: ids.tmdb } : {}),
        ...(ids.imdb ? { Imdb: ids.imdb } : {}),
        ...(ids.tvdb ? { Tvdb: ids.tvdb } : {}),
      },
      IsFolder: false,
      Type: episode ? 'Episode' : 'Movie',
    },
    ...(event === 'playback.stop' || event === 'playback.scrobble'
      ? {
          PlaybackInfo: {
            PositionTicks: play.positionMs * TICKS_PER_MS,
            PlayedToCompletion: play.completed ?? play.positionMs >= play.runtimeMs * 0.9,
          },
        }
      : {}),
  };
  const json = JSON.stringify(payload);
  if (options.format === 'form')
    return multipart([{ name: 'data', data: json }], '----EmbyBoundary7c1e2d3f4a5b6c7d');
  return { body: encoder.encode(json), contentType: 'application/json' };
}

interface FormPart {
  name: string;
  filename?: string;
  type?: string;
  data: string | Uint8Array;
}

function multipart(parts: FormPart[], boundary: string): WebhookBody {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(encoder.encode(head));
    chunks.push(typeof part.data === 'string' ? encoder.encode(part.data) : part.data);
    chunks.push(encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs a built body as the server would; the answer's status and text. */
export async function postWebhook(
  url: string,
  built: WebhookBody,
  fetcher: typeof fetch = fetch,
): Promise<{ status: number; text: string }> {
  const response = await fetcher(url, {
    method: 'POST',
    headers: { 'content-type': built.contentType },
    body: built.body,
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text() };
}
