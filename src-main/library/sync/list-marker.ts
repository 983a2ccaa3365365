/**
 * A list Marquee creates carries a short token at the end of its description, so that a create
 * whose answer was lost can be found on the account and adopted instead of made twice (issue 12,
 * defect 5). The token is invisible in Marquee: pulls strip it.
 */
const MARKER = /\s*\[mq:([a-z0-9]{6,16})\]$/;

export function withMarker(description: string, marker: string | undefined): string {
  if (marker === undefined) return description;
  return description === '' ? `[mq:${marker}]` : `${description} [mq:${marker}]`;
}

export function withoutMarker(description: string | undefined): string | undefined {
  return description?.replace(MARKER, '');
}

export function markerOf(description: string | undefined): string | undefined {
  return description === undefined ? undefined : MARKER.exec(description)?.[1];
}
