import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalogue, field, type TestClient } from './testing/client';

let client: TestClient;
let session: string;
beforeAll(async () => {
  // Clean data and an empty demo account: the tests count exactly what they add.
  client = await openCatalogue({ seed: 4, messy: false });
  session = await client.signIn();
});
afterAll(async () => {
  await client.catalogue.close();
});

describe('v3 list lifecycle', () => {
  it('creates, fills, checks, clears and deletes a list as TMDB answers', async () => {
    const q = `?session_id=${session}`;
    const created = await client.send('POST', `/3/list${q}`, {
      name: 'Friday nights',
      description: 'Films to share',
      language: 'en',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ success: true, status_code: 1 });
    const listId = field(created.body, 'list_id') as number;

    const [a, b] = client.catalogue.data.movies;
    const added = await client.send('POST', `/3/list/${listId}/add_item${q}`, { media_id: a?.id });
    expect(added.status).toBe(201);
    expect(field(added.body, 'status_code')).toBe(12);
    await client.send('POST', `/3/list/${listId}/add_item${q}`, { media_id: b?.id });
    const duplicate = await client.send('POST', `/3/list/${listId}/add_item${q}`, {
      media_id: a?.id,
    });
    expect(duplicate.status).toBe(403);
    expect(field(duplicate.body, 'status_code')).toBe(8);

    const details = await client.get(`/3/list/${listId}`);
    expect(field(details.body, 'item_count')).toBe(2);
    expect(field(details.body, 'items', 0, 'id')).toBe(a?.id);
    expect(field(details.body, 'created_by')).toBe(client.catalogue.demoUser);
    expect(
      field(
        (await client.get(`/3/list/${listId}/item_status?movie_id=${b?.id}`)).body,
        'item_present',
      ),
    ).toBe(true);

    const removed = await client.send('POST', `/3/list/${listId}/remove_item${q}`, {
      media_id: b?.id,
    });
    expect(field(removed.body, 'status_code')).toBe(13);
    expect(
      field(
        (await client.get(`/3/list/${listId}/item_status?movie_id=${b?.id}`)).body,
        'item_present',
      ),
    ).toBe(false);

    const unconfirmed = await client.send('POST', `/3/list/${listId}/clear${q}`);
    expect(unconfirmed.status).toBeGreaterThanOrEqual(400);
    expect(unconfirmed.status).toBeLessThan(500);
    expect(field((await client.get(`/3/list/${listId}`)).body, 'item_count')).toBe(1);
    const cleared = await client.send('POST', `/3/list/${listId}/clear${q}&confirm=true`);
    expect(cleared.status).toBe(201);
    expect(field(cleared.body, 'status_code')).toBe(12);
    expect(field((await client.get(`/3/list/${listId}`)).body, 'item_count')).toBe(0);

    const accountId = field((await client.get(`/3/account${q}`)).body, 'id') as number;
    expect(
      field((await client.get(`/3/account/${accountId}/lists${q}`)).body, 'total_results'),
    ).toBe(1);

    const deleted = await client.send('DELETE', `/3/list/${listId}${q}`);
    expect(deleted.status).toBe(500);
    expect(field(deleted.body, 'status_code')).toBe(11);
    expect((await client.get(`/3/list/${listId}`)).status).toBe(404);
  });

  it('keeps lists to films and to their owner', async () => {
    const created = await client.send('POST', `/3/list?session_id=${session}`, { name: 'Mine' });
    const listId = field(created.body, 'list_id') as number;
    // Film and series ids overlap as on TMDB; take a series id that is no film's.
    const series = client.catalogue.data.tv.find((t) => !client.catalogue.data.movieById(t.id));
    const wrong = await client.send('POST', `/3/list/${listId}/add_item?session_id=${session}`, {
      media_id: series?.id,
    });
    expect(wrong.status).toBe(404);
    expect(
      (await client.send('POST', `/3/list/${listId}/add_item`, { media_id: 100 })).status,
    ).toBe(401);
    expect((await client.send('POST', `/3/list?session_id=${session}`, { name: '' })).status).toBe(
      422,
    );
  });
});
