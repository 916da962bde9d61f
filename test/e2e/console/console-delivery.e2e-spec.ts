import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { TEST_GATEWAY_URL } from '@docket/testing';

/** The script and stylesheet index.html names (hashed by the build). */
async function builtAssets(): Promise<string[]> {
  const page = await fetch(`${TEST_GATEWAY_URL}/console/`).then((response) => response.text());
  const assets = [...page.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
  return assets;
}

/**
 * Issue 29, build item 6: the console is delivered compressed, cached for good when its name
 * carries its hash, without public source maps, with a 404 for a missing file and a favicon.
 */
describe('console delivery', () => {
  it('serves hashed scripts compressed (brotli, else gzip), cached for a year, identical once decoded', async () => {
    for (const asset of (await builtAssets()).filter((name) => name.endsWith('.js'))) {
      const plain = await fetch(`${TEST_GATEWAY_URL}${asset}`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-encoding')).toBeNull();
      const original = Buffer.from(await plain.arrayBuffer());

      // Node's fetch would decode silently; a raw request shows what travels.
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const response = await rawGet(asset, encoding);
        expect({ asset, encoding: response.encoding }).toEqual({ asset, encoding });
        expect(response.cacheControl).toBe('public, max-age=31536000, immutable');
        expect(response.vary?.toLowerCase()).toContain('accept-encoding');
        expect(response.body.length).toBeLessThan(original.length / 2);
        expect(decode(response.body).equals(original)).toBe(true);
      }
    }
  });

  it('publishes no source maps: neither the file nor a reference to it', async () => {
    for (const asset of await builtAssets()) {
      const response = await fetch(`${TEST_GATEWAY_URL}${asset}.map`);
      expect({ asset, status: response.status }).toEqual({ asset, status: 404 });
      const text = await fetch(`${TEST_GATEWAY_URL}${asset}`).then((r) => r.text());
      expect(text).not.toMatch(/sourceMappingURL/);
    }
  });

  it('answers 404 for a missing file, and index.html for the app routes', async () => {
    const missing = await fetch(`${TEST_GATEWAY_URL}/console/assets/index-missing.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const route = await fetch(`${TEST_GATEWAY_URL}/console/items/some-route`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toContain('text/html');
    expect(route.headers.get('cache-control')).toBe('no-cache');
  });

  it('has a favicon at the site root and in the page', async () => {
    const icon = await fetch(`${TEST_GATEWAY_URL}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/icon/);
    // An ICO header: reserved 0, type 1 (icon).
    expect([...Buffer.from(await icon.arrayBuffer()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const page = await fetch(`${TEST_GATEWAY_URL}/console/`).then((response) => response.text());
    const declared = /<link rel="icon" href="([^"]+)"/.exec(page)?.[1];
    expect(declared).toBeDefined();
    expect((await fetch(`${TEST_GATEWAY_URL}${declared}`)).status).toBe(200);
  });
});

interface RawResponse {
  encoding?: string;
  cacheControl?: string;
  vary?: string;
  body: Buffer;
}

/** A GET whose body is returned as sent (fetch would decode it). */
function rawGet(path: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${TEST_GATEWAY_URL}${path}`,
      { headers: { 'accept-encoding': acceptEncoding } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            encoding: incoming.headers['content-encoding'],
            cacheControl: incoming.headers['cache-control'],
            vary: incoming.headers.vary,
            body: Buffer.concat(chunks),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
