import { reject, type Rejection } from './common';

/**
 * Form bodies (Plex's multipart `payload`, older Emby's `data`) read with the platform's own
 * WHATWG `Response.formData()` (undici, built into Node and Electron): no parser of Marquee's own,
 * and the listener's size cap has already bounded what it is given.
 */

const FORM = /^\s*(multipart\/form-data\s*;.*boundary=|application\/x-www-form-urlencoded\b)/i;

export function isForm(contentType: string | undefined): boolean {
  return contentType !== undefined && FORM.test(contentType);
}

/** One text field of a form body, or why there is none. */
export async function formField(
  body: Uint8Array,
  contentType: string | undefined,
  name: string,
): Promise<{ ok: true; value: string } | Rejection> {
  if (!isForm(contentType)) return reject('expected a form body', 415);
  let form: FormData;
  try {
    const response = new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType ?? '' },
    });
    // undici marks formData() deprecated for servers because it buffers the whole body; here the
    // listener has already capped the body at 1 MB, so what it buffers is bounded.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    form = await response.formData();
  } catch {
    return reject('the form body cannot be read');
  }
  const value = form.get(name);
  if (typeof value !== 'string') return reject(`the form has no ${name} field`);
  return { ok: true, value };
}
